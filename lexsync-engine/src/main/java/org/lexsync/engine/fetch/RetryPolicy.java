package org.lexsync.engine.fetch;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When to try again: a bounded number of tries with exponential backoff and jitter, on connection errors,
 * timeouts, truncated bodies, 5xx, 408 and 429; a server's Retry-After (RFC 9110 §10.2.3, delay-seconds or
 * HTTP-date) is honoured as a lower bound, and one longer than {@code maxRetryAfter} ends the fetch at once
 * (the item is retried on a later run).
 */
record RetryPolicy(int tries, Duration base, Duration maxBackoff, Duration maxRetryAfter) {

    RetryPolicy {
        if (tries < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "tries must be >= 1, was %d", tries));
        }
        if (base.isNegative() || maxBackoff.isNegative() || maxRetryAfter.isNegative()) {
            throw new IllegalArgumentException("backoff durations must not be negative");
        }
    }

    /** True for statuses worth another try: 408, 429 and every 5xx. */
    static boolean retryableStatus(int status) {
        return status == 408 || status == 429 || status >= 500 && status <= 599;
    }

    /** Backoff before attempt {@code nextAttempt} (2, 3, …): base·2^(n-2), capped, scaled by a jitter in [0.5, 1]. */
    Duration backoff(int nextAttempt) {
        long baseMillis = base.toMillis();
        int shift = Math.min(Math.max(nextAttempt - 2, 0), 30);
        long millis = Math.min(maxBackoff.toMillis(), baseMillis << shift);
        if (millis < 0) {
            millis = maxBackoff.toMillis();
        }
        double jitter = 0.5 + ThreadLocalRandom.current().nextDouble() * 0.5;
        return Duration.ofMillis(Math.round(millis * jitter));
    }

    /** The wait before attempt {@code nextAttempt}: the backoff, or the server's Retry-After if that is longer. */
    Duration delayBefore(int nextAttempt, Duration retryAfter) {
        Duration backoff = backoff(nextAttempt);
        return retryAfter != null && retryAfter.compareTo(backoff) > 0 ? retryAfter : backoff;
    }

    /**
     * Parses a Retry-After value (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; a date in the past gives
     * zero. Null when absent or unparseable.
     */
    static Duration parseRetryAfter(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(v));
            } catch (NumberFormatException tooLong) {
                return null;
            }
        }
        try {
            Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration d = Duration.between(now, at);
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException notADate) {
            return null;
        }
    }
}
