package org.lexsync.engine.fetch;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * A host whose circuit breaker opened during a fetcher's life (issue 13.5), so that a harvest reports one
 * finding for the host instead of one per URL that was not tried: {@code host} ({@code host} or
 * {@code host:port}), the consecutive connection failures or timeouts that opened it, how many requests then
 * failed at once as {@link FetchFailure#HOST_UNREACHABLE}, the last failure, when it first opened, and whether
 * it is still open.
 */
public record UnreachableHost(String host, int failures, long refused, String lastFailure, Instant since,
                              boolean open) {
    /** The rule named by the finding a harvest reports for an unreachable host. */
    public static final String RULE = "lexsync:fetch/host-unreachable";

    public UnreachableHost {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(since, "since");
    }

    /** One sentence for the run's finding. */
    public String describe() {
        return String.format(Locale.ROOT, "host %s unreachable since %s: %d consecutive connection failures or timeouts"
                + " (last: %s); %d further requests to it failed at once without a connection attempt"
                + " (host-unreachable) and are retried by the next run%s", host, since, failures, lastFailure, refused,
                open ? "" : "; it answered again later in the run");
    }
}
