package org.lexsync.server.ping;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How often one client may ping: a bucket of {@code burst} pings per client, refilled at {@code perMinute}. A ping
 * beyond it is answered 429 with the seconds until the next one is allowed ({@code Retry-After}).
 */
public record RateLimit(int burst, int perMinute) {
    /** 60 pings per minute per client, all of them at once if need be. */
    public static final RateLimit DEFAULT = new RateLimit(60, 60);

    public RateLimit {
        if (burst < 1 || perMinute < 1) {
            throw new IllegalArgumentException("burst and perMinute must be at least 1, were " + burst + ", " + perMinute);
        }
    }

    /** The buckets of the clients seen, by client. */
    static final class Buckets {
        private final RateLimit limit;
        private final Map<String, Bucket> byClient = new ConcurrentHashMap<>();

        Buckets(RateLimit limit) {
            this.limit = limit;
        }

        /** Zero when {@code client} may ping now (and takes one), else how long it must wait. */
        Duration take(String client, Instant now) {
            if (byClient.size() > 10_000) {
                byClient.entrySet().removeIf(e -> e.getValue().full(limit, now));
            }
            return byClient.computeIfAbsent(client, c -> new Bucket(limit.burst(), now)).take(limit, now);
        }
    }

    private static final class Bucket {
        private double tokens;
        private Instant at;

        Bucket(double tokens, Instant at) {
            this.tokens = tokens;
            this.at = at;
        }

        synchronized Duration take(RateLimit limit, Instant now) {
            refill(limit, now);
            if (tokens >= 1) {
                tokens -= 1;
                return Duration.ZERO;
            }
            double seconds = (1 - tokens) * 60.0 / limit.perMinute();
            return Duration.ofMillis((long) Math.ceil(seconds * 1000));
        }

        synchronized boolean full(RateLimit limit, Instant now) {
            refill(limit, now);
            return tokens >= limit.burst();
        }

        private void refill(RateLimit limit, Instant now) {
            double elapsed = Math.max(0, Duration.between(at, now).toMillis()) / 60_000.0;
            tokens = Math.min(limit.burst(), tokens + elapsed * limit.perMinute());
            at = now;
        }
    }
}
