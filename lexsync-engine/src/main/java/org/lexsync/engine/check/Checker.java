package org.lexsync.engine.check;

import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.lexsync.core.LexsyncException;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.model.CheckSummary;

/**
 * The conformance checker publishers run before their consumers stumble (docs/architecture.md, "The conformance
 * checker"): walks everything reachable from the root of an ELI, ResourceSync, Atom or document-group publication
 * with the harvesters' own readers and the core validators, and returns a {@link CheckReport} of findings grouped by
 * rule. Expected failures (a malformed URL, an unreachable host, a TLS failure, a body that is not XML) are findings
 * of the report, never exceptions. The facade ({@code LexSync.check}) is the way in.
 */
public final class Checker {
    /** Rule for a check that stopped on a failure of its own (not the publication's). */
    static final String ABORTED = "lexsync:check/aborted";
    private Checker() {
    }

    /** Checks the publication {@code request} names, reading every document through {@code fetcher}. */
    public static CheckReport check(CheckRequest request, Fetcher fetcher) {
        return check(request, fetcher, java.time.Clock.systemUTC());
    }

    /** {@link #check(CheckRequest, Fetcher)} judging "within the last day" and "60 days" against {@code clock}. */
    public static CheckReport check(CheckRequest request, Fetcher fetcher, java.time.Clock clock) {
        Instant started = Instant.now();
        CheckRun run = new CheckRun(request, fetcher);
        boolean rootRead;
        try {
            rootRead = switch (request.protocol()) {
                case ATOM -> root(run, request.root()).map(u -> AtomCheck.check(run, u)).orElse(false);
                case RESOURCESYNC -> root(run, request.root()).map(u -> ResourceSyncCheck.check(run, u))
                        .orElse(false);
                case ELI -> root(run, request.root()).map(u -> EliCheck.check(run, u, fetcher, clock)).orElse(false);
                case DOCUMENTGROUP -> DocumentGroupCheck.check(run);
            };
        } catch (LexsyncException | UncheckedIOException e) {
            // A typed failure no walker expected (a temp file that cannot be written, say) ends the walk as one
            // finding: the report keeps what was found so far.
            run.tally.error(ABORTED, request.root(), 0, 0, null, "the check stopped: " + e.getMessage());
            rootRead = run.documents > 0;
        }
        return report(run, started, !rootRead);
    }

    private static Optional<URI> root(CheckRun run, String text) {
        return run.rootUri(text);
    }

    private static CheckReport report(CheckRun run, Instant started, boolean rootUnreadable) {
        List<CheckRuleResult> rules = run.tally.results();
        int passed = 0;
        int withErrors = 0;
        int withWarnings = 0;
        long errors = 0;
        long warnings = 0;
        for (CheckRuleResult r : rules) {
            if (r.passed()) {
                passed++;
            } else if (r.severity() == Severity.ERROR) {
                withErrors++;
                errors += r.count();
            } else if (r.severity() == Severity.WARNING) {
                withWarnings++;
                warnings += r.count();
            }
        }
        CheckRequest q = run.request;
        String profile = switch (q.protocol()) {
            case ATOM -> q.atomProfile().name().toLowerCase(Locale.ROOT);
            case ELI -> "eli-pillar-iv";
            case RESOURCESYNC -> "z39.99-2014";
            case DOCUMENTGROUP -> "eucases-d2.1";
        };
        return new CheckReport(q.protocol(), q.root(), profile, started, Instant.now(), rootUnreadable, run.truncated,
                new CheckSummary(run.documents, run.entries, run.sampled, passed, withErrors, withWarnings, errors,
                        warnings), rules);
    }
}
