package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import org.junit.jupiter.api.Test;

class LeaseRenewalTimerTest {
    private record Ran(String name, boolean virtual) {
    }

    @Test
    void aRenewalRunsEveryPeriodOnAVirtualThreadNamedForItsLeaseUntilCancelled() throws Exception {
        List<Ran> runs = new CopyOnWriteArrayList<>();
        ScheduledFuture<?> renewals = LeaseRenewalTimer.every(Duration.ofMillis(20), "lexsync-lease-acts",
                () -> runs.add(new Ran(Thread.currentThread().getName(), Thread.currentThread().isVirtual())));
        await().atMost(Duration.ofSeconds(10)).until(() -> runs.size() >= 3);
        renewals.cancel(false);
        Thread.sleep(100); // a renewal started just before the cancel may still add itself
        int afterCancel = runs.size();
        Thread.sleep(200); // ten periods
        assertThat(runs).hasSizeGreaterThanOrEqualTo(3).allSatisfy(r -> {
            assertThat(r.name()).isEqualTo("lexsync-lease-acts");
            assertThat(r.virtual()).isTrue();
        });
        assertThat(runs).as("no renewal after the cancel").hasSize(afterCancel);
    }
}
