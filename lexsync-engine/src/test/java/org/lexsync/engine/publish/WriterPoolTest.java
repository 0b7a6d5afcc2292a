package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link WriterPool}: every task runs before {@code await} returns, and the first failure reaches the caller. */
class WriterPoolTest {

    @Test
    void everyTaskHasRunWhenAwaitReturns() throws IOException {
        AtomicInteger done = new AtomicInteger();
        try (WriterPool pool = new WriterPool(3)) {
            for (int i = 0; i < 500; i++) {
                pool.submit(done::incrementAndGet);
            }
            pool.await();
        }
        assertThat(done).hasValue(500);
    }

    @Test
    void oneThreadRunsTasksInTheCaller() throws IOException {
        Thread[] ran = new Thread[1];
        try (WriterPool pool = new WriterPool(1)) {
            pool.submit(() -> ran[0] = Thread.currentThread());
            pool.await();
        }
        assertThat(ran[0]).isSameAs(Thread.currentThread());
    }

    @Test
    void theFirstFailureIsThrownAndLaterTasksAreSkipped() throws IOException {
        AtomicInteger after = new AtomicInteger();
        try (WriterPool pool = new WriterPool(2)) {
            pool.submit(() -> {
                throw new IOException("disk full");
            });
            assertThatThrownBy(() -> {
                for (int i = 0; i < 100; i++) {
                    pool.submit(after::incrementAndGet);
                }
                pool.await();
            }).isInstanceOf(IOException.class).hasMessage("disk full");
        }
        assertThat(after.get()).isLessThan(100);
    }
}
