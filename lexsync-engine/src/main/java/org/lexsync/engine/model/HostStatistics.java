package org.lexsync.engine.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the engine's fetcher knows about one host since it started (docs/architecture.md, "Dashboard and metrics"):
 * requests made (robots.txt included), how many were answered 304, 429, another 4xx ({@code clientErrors}: 404,
 * 403, 410…) or 5xx or not at all, the delay between
 * requests it applied last (the strictest politeness of the harvests using the host, or robots.txt's Crawl-delay),
 * requests in flight, the state of its robots.txt, when it was last asked and whether its circuit breaker is open.
 */
public record HostStatistics(String host, long requests, long notModified, long tooManyRequests, long clientErrors,
                             long serverErrors,
                             long noAnswer, Duration currentDelay, int inFlight, String robots,
                             @Nullable Instant lastRequest, boolean unreachable) {
    public HostStatistics {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(currentDelay, "currentDelay");
        Objects.requireNonNull(robots, "robots");
    }
}
