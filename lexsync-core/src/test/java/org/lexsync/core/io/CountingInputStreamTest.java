package org.lexsync.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CountingInputStreamTest {
    /** Refuses to go past {@code limit}, the way the XML reader's bounds and the server's upload cap do. */
    private static final class Limited extends CountingInputStream {
        private final long limit;
        private final List<Long> totals = new ArrayList<>();

        Limited(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        protected void counted(long total) throws IOException {
            totals.add(total);
            if (total > limit) {
                throw new IOException("more than " + limit + " bytes");
            }
        }
    }

    @Test
    void theHookIsToldTheNewTotalAfterEveryReadAndSkipThatMovedIt() throws IOException {
        try (Limited in = new Limited(new ByteArrayInputStream(new byte[10]), 100)) {
            in.read();
            in.read(new byte[4], 0, 4);
            in.skip(2);
            in.read(new byte[8], 0, 8);
            assertThat(in.read()).isEqualTo(-1);
            assertThat(in.skip(5)).isZero();
            assertThat(in.totals).containsExactly(1L, 5L, 7L, 10L);
            assertThat(in.count()).isEqualTo(10);
        }
    }

    @Test
    void aSubclassRefusesOnceTheLimitIsPassed() throws IOException {
        try (Limited in = new Limited(new ByteArrayInputStream(new byte[10]), 6)) {
            assertThat(in.read(new byte[6], 0, 6)).isEqualTo(6);
            assertThatThrownBy(in::read).isInstanceOf(IOException.class).hasMessage("more than 6 bytes");
            assertThat(in.count()).isEqualTo(7);
        }
    }
}
