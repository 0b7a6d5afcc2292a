package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What a running harvest's progress says about its rate and a stall. */
class RunProgressTest {
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private static RunProgress committedAt(long committed, Instant lastAdvance) {
        return new RunProgress("s", "fetching and committing", committed, 10, null, 0, 1, 100, START, lastAdvance);
    }

    @Test
    void theRateIsCommittedChangesPerSecondSinceTheStart() {
        assertThat(committedAt(8, START.plusSeconds(3)).rate(START.plusSeconds(4))).isEqualTo(2.0);
    }

    @Test
    void aRunThatHasNotAdvancedForTheStallTimeSaysForHowLong() {
        RunProgress p = committedAt(3, START.plusSeconds(5));
        assertThat(p.stalledSeconds(START.plusSeconds(14))).isNull();
        assertThat(p.stalledSeconds(START.plusSeconds(5).plus(RunProgress.STALL).plusSeconds(2))).isEqualTo(12L);
    }
}
