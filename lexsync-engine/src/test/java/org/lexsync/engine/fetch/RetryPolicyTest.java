package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Backoff and Retry-After parsing (RFC 9110 §10.2.3). */
class RetryPolicyTest {
    private static final RetryPolicy POLICY = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(5), Duration.ofMinutes(2));
    private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");

    @Test
    void parsesRetryAfterDelaySeconds() {
        assertThat(RetryPolicy.parseRetryAfter("120", NOW)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryPolicy.parseRetryAfter(" 0 ", NOW)).isEqualTo(Duration.ZERO);
    }

    @Test
    void parsesRetryAfterHttpDate() {
        assertThat(RetryPolicy.parseRetryAfter("Wed, 01 May 2024 12:01:30 GMT", NOW)).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void retryAfterDateInThePastMeansNoWait() {
        assertThat(RetryPolicy.parseRetryAfter("Wed, 01 May 2024 11:00:00 GMT", NOW)).isEqualTo(Duration.ZERO);
    }

    @Test
    void unparseableOrMissingRetryAfterIsNull() {
        assertThat(RetryPolicy.parseRetryAfter(null, NOW)).isNull();
        assertThat(RetryPolicy.parseRetryAfter("soon", NOW)).isNull();
        assertThat(RetryPolicy.parseRetryAfter("-5", NOW)).isNull();
        assertThat(RetryPolicy.parseRetryAfter("99999999999999999999999", NOW)).isNull();
    }

    @Test
    void retriesOnlyTransientStatuses() {
        assertThat(RetryPolicy.retryableStatus(408)).isTrue();
        assertThat(RetryPolicy.retryableStatus(429)).isTrue();
        assertThat(RetryPolicy.retryableStatus(500)).isTrue();
        assertThat(RetryPolicy.retryableStatus(503)).isTrue();
        assertThat(RetryPolicy.retryableStatus(404)).isFalse();
        assertThat(RetryPolicy.retryableStatus(410)).isFalse();
        assertThat(RetryPolicy.retryableStatus(403)).isFalse();
    }

    @Test
    void retryAfterLongerThanTheBackoffWins() {
        assertThat(POLICY.delayBefore(2, Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(3));
    }

    @Property
    void backoffDoublesWithinJitterAndIsCapped(@ForAll @IntRange(min = 2, max = 64) int attempt) {
        long full = Math.min(5000, 100L << Math.min(attempt - 2, 30));
        Duration d = POLICY.backoff(attempt);
        assertThat(d.toMillis()).isBetween(full / 2, full);
    }
}
