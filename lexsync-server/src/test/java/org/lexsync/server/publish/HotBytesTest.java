package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.PublishedDocument;

/** The bounded, content-addressed memory of hot stored bytes ({@link HotBytes}), with real byte arrays. */
class HotBytesTest {
    private static String key(int n) {
        return String.format(Locale.ROOT, "%064x", n);
    }

    private static byte[] bytes(int length, int fill) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) fill);
        return b;
    }

    @Test
    void neverHoldsMoreThanItsBudget() throws Exception {
        HotBytes hot = new HotBytes(100_000, 20_000);
        for (int i = 0; i < 200; i++) {
            byte[] b = bytes(1_400 + i * 90, i);
            KeptBody kept = hot.body(key(i), out -> out.write(b));
            assertThat(kept).isNotNull();
            assertThat(kept.length()).isEqualTo(b.length);
            assertThat(hot.used()).isLessThanOrEqualTo(100_000);
        }
        assertThat(hot.used()).isGreaterThan(50_000);
    }

    @Test
    void keptBytesAreReadOnce() throws Exception {
        HotBytes hot = new HotBytes(1 << 20, 64 * 1024);
        AtomicInteger reads = new AtomicInteger();
        byte[] b = bytes(1_400, 'x');
        PublishedDocument.Body body = out -> {
            reads.incrementAndGet();
            out.write(b);
        };
        KeptBody first = hot.body(key(1), body);
        KeptBody second = hot.body(key(1), body);
        assertThat(second).isSameAs(first);
        assertThat(reads).hasValue(1);
        byte[] back = new byte[b.length];
        second.body(0, b.length).get(back);
        assertThat(back).isEqualTo(b);
        assertThat(hot.hits()).isEqualTo(1);
    }

    @Test
    void aDocumentLargerThanAnEntryIsNotKeptNorReadTwice() throws Exception {
        HotBytes hot = new HotBytes(1 << 20, 1_000);
        AtomicInteger reads = new AtomicInteger();
        PublishedDocument.Body body = out -> {
            reads.incrementAndGet();
            for (int i = 0; i < 10; i++) {
                out.write(bytes(500, i));
            }
        };
        assertThat(hot.body(key(2), body)).isNull();
        assertThat(hot.body(key(2), body)).isNull();
        assertThat(reads).hasValue(1);
        assertThat(hot.used()).isZero();
    }

    @Test
    void aBudgetOfZeroKeepsNothing() throws Exception {
        HotBytes hot = new HotBytes(0, HotBytes.DEFAULT_ENTRY_MAX);
        assertThat(hot.body(key(3), out -> out.write(bytes(100, 1)))).isNull();
        assertThat(hot.used()).isZero();
    }
}
