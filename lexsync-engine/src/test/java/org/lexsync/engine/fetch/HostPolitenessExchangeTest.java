package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.Politeness;

/** Where {@link HostPoliteness#exchange} runs an exchange: on the host's lane, or on the caller's thread. */
class HostPolitenessExchangeTest {

    private static Thread runner(HostPoliteness hosts, Politeness politeness) throws InterruptedException {
        return hosts.exchange("host:80", politeness, () -> { }, Thread::currentThread, t -> { });
    }

    @Test
    void aHostWithOneRequestInFlightIsServedOnItsLane() throws Exception {
        HostPoliteness hosts = new HostPoliteness(8);
        try {
            Thread runner = runner(hosts, new Politeness(1, Duration.ZERO));
            assertThat(runner).isNotSameAs(Thread.currentThread());
            assertThat(runner.isVirtual()).isFalse();
            assertThat(runner.getName()).startsWith("lexsync-fetch host:80");
        } finally {
            hosts.close();
        }
    }

    @Test
    void aHostAllowingMoreThanALaneServesRunsOnTheCallersThread() throws Exception {
        HostPoliteness hosts = new HostPoliteness(64);
        try {
            assertThat(runner(hosts, new Politeness(HostLanes.MAX_WIDTH + 1, Duration.ZERO)))
                    .isSameAs(Thread.currentThread());
        } finally {
            hosts.close();
        }
    }
}
