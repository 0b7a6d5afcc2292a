package org.lexsync.engine.model;

import java.time.Duration;
import java.util.Objects;

/**
 * One HTTP exchange the fetcher made (one hop of a fetch, robots.txt included), as told to a {@link FetchListener}:
 * the host ({@code host} or {@code host:port}), the status (0 when no answer came) and the time from sending the
 * request to the response's headers. It names no URL on purpose: metrics and dashboards keyed by it stay bounded
 * (docs/architecture.md, "Dashboard and metrics").
 */
public record FetchExchange(String host, int status, Duration elapsed) {
    public FetchExchange {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** {@code 1xx} … {@code 5xx}, or {@code none} when no answer came. */
    public String statusClass() {
        return status >= 100 && status <= 599 ? (status / 100) + "xx" : "none";
    }
}
