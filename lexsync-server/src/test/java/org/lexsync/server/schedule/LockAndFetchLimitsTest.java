package org.lexsync.server.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The lock-and-fetch limits on PostgreSQL: db-scheduler polls again after a run only while at most the lower limit of
 * executions is in flight, the whole part of the fraction times the threads; it must be one thread fewer than all, so
 * that a thread freed while work is due takes the next at once, and strictly under the upper fraction, which
 * db-scheduler requires.
 */
class LockAndFetchLimitsTest {
    @Test
    void aFreedThreadPollsAgainAtOnceForEveryPoolSize() {
        for (int threads = 1; threads <= 64; threads++) {
            double lower = HarvestScheduler.lockAndFetchLower(threads);
            assertThat((int) (lower * threads)).as("lower limit for %d threads", threads).isEqualTo(threads - 1);
            assertThat(lower).isLessThan(HarvestScheduler.LOCK_AND_FETCH_UPPER);
        }
    }
}
