package org.lexsync.engine.apply;

import org.lexsync.engine.model.PlannedChange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReadAheadTest {

    private static PlannedChange change(int i) {
        return PlannedChange.delete("s", "http://x/" + i, null, Integer.toString(i));
    }

    /** A planner of {@code n} changes that fails instead of producing change {@code failAt} (-1: never). */
    private static Iterator<PlannedChange> planner(int n, int failAt, AtomicInteger pulled) {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < n;
            }

            @Override
            public PlannedChange next() {
                if (next == failAt) {
                    next = n;
                    throw new IllegalStateException("source document broken at change " + failAt);
                }
                pulled.incrementAndGet();
                return change(next++);
            }
        };
    }

    @Test
    void changesArriveInThePlannersOrder() {
        List<String> seen = new ArrayList<>();
        try (ReadAhead ahead = new ReadAhead(planner(1_000, -1, new AtomicInteger()), 16, "test")) {
            while (ahead.hasNext()) {
                seen.add(ahead.next().checkpoint());
            }
            assertThatThrownBy(ahead::next).isInstanceOf(NoSuchElementException.class);
        }
        assertThat(seen).hasSize(1_000).startsWith("0", "1", "2").endsWith("999");
    }

    @Test
    void aPlannerFailureIsThrownWhereItHappenedAfterTheChangesBeforeIt() {
        List<String> seen = new ArrayList<>();
        try (ReadAhead ahead = new ReadAhead(planner(100, 40, new AtomicInteger()), 8, "test")) {
            assertThatThrownBy(() -> {
                while (ahead.hasNext()) {
                    seen.add(ahead.next().checkpoint());
                }
            }).isInstanceOf(IllegalStateException.class).hasMessageContaining("change 40");
            assertThat(ahead.hasNext()).isFalse();
        }
        assertThat(seen).hasSize(40).endsWith("39");
    }

    @Test
    void thePlannerRunsAtMostTheCapacityAheadAndStopsWhenClosed() throws InterruptedException {
        AtomicInteger pulled = new AtomicInteger();
        ReadAhead ahead = new ReadAhead(planner(1_000_000, -1, pulled), 32, "test");
        assertThat(ahead.next().checkpoint()).isEqualTo("0");
        await().atMost(Duration.ofSeconds(10)).until(() -> pulled.get() >= 1 + 32);
        // full: the planner may hold one more change in hand, never pull further
        await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(5))
                .until(() -> pulled.get() <= 1 + 32 + 1);

        ahead.close();
        int atClose = pulled.get();
        await().during(Duration.ofMillis(100)).atMost(Duration.ofSeconds(5)).until(() -> pulled.get() == atClose);
    }

    @Test
    void aCheckedExceptionSmuggledOutOfThePlannerEndsTheStreamInsteadOfLeavingItWaiting() {
        Iterator<PlannedChange> smuggler = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public PlannedChange next() {
                return ReadAheadTest.<RuntimeException>sneak(new java.io.IOException("disk gone"));
            }
        };
        try (ReadAhead ahead = new ReadAhead(smuggler, 4, "test-planner")) {
            assertThat(ahead.hasNext()).isTrue();
            assertThatThrownBy(ahead::next).isInstanceOf(IllegalStateException.class)
                    .hasCauseInstanceOf(java.io.IOException.class);
            assertThat(ahead.hasNext()).isFalse();
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> PlannedChange sneak(Throwable t) throws T {
        throw (T) t;
    }
}
