package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StoredInstantsTest {

    @Test
    void everyInstantWrittenByToStringReadsBackExactly() {
        Random random = new Random(2026_11_22L);
        for (int i = 0; i < 20_000; i++) {
            long seconds = random.nextLong(-2_000_000_000L, 250_000_000_000L);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(seconds, nanos);
            assertThat(StoredInstants.parse(t.toString())).as(t.toString()).isEqualTo(t);
        }
    }

    @Test
    void otherShapesAreLeftToInstantParse() {
        assertThat(StoredInstants.parse("+12024-01-01T00:00:00Z")).isEqualTo(Instant.parse("+12024-01-01T00:00:00Z"));
        assertThat(StoredInstants.parse("2024-01-01T00:00:00.5Z")).isEqualTo(Instant.parse("2024-01-01T00:00:00.5Z"));
        assertThat(StoredInstants.parse(null)).isNull();
        assertThatThrownBy(() -> StoredInstants.parse("2024-02-30T00:00:00Z")).isInstanceOf(DateTimeParseException.class);
        assertThat(StoredInstants.parse("2024-01-01T24:00:00Z")).isEqualTo(Instant.parse("2024-01-01T24:00:00Z"));
    }
}
