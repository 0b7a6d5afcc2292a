package org.lexsync.engine;

import org.lexsync.engine.check.Checker;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.Politeness;

/**
 * The conformance checker without a store or a facade ({@code lexsync check}; docs/architecture.md, "The
 * conformance checker"). With a facade, {@link LexSync#check} shares its polite fetcher instead.
 */
public final class Checks {
    private Checks() {
    }

    /**
     * Checks a whole publication through a polite fetcher of its own (robots.txt, the request's delay, bounded
     * redirects, only http(s)) downloading to the system's temp directory, closed when the check ends; {@code version}
     * goes into the User-Agent. Expected failures are findings of the report.
     */
    public static CheckReport withoutStore(CheckRequest request, String version) {
        try (Fetcher own = Fetcher.builder().version(version).politeness(new Politeness(1, request.delay()))
                .build()) {
            return Checker.check(request, own);
        }
    }
}
