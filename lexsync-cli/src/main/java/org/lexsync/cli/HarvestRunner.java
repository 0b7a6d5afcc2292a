package org.lexsync.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ProtocolOptions;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.Source;

/**
 * Runs one harvest from the command line through the engine's facade ({@link LexSync}): opens it over the store
 * with the polite fetcher's options, registers the source, shows progress, prints the summary, and returns the
 * exit code (0 all applied, 1 item failures). Unreadable sources surface as exceptions that {@link Main} maps to
 * exit code 3.
 */
final class HarvestRunner {
    private static final String HOST_UNREACHABLE = "host-unreachable";
    private final StoreOptions storeOptions;
    private final HarvestOptions options;
    private final PrintWriter out;
    private final PrintWriter err;

    HarvestRunner(StoreOptions storeOptions, HarvestOptions options, PrintWriter out, PrintWriter err) {
        this.storeOptions = storeOptions;
        this.options = options;
        this.out = out;
        this.err = err;
    }

    /** A source id from the protocol and the URL's host, e.g. {@code resourcesync-legal.example.org}. */
    static String defaultSourceId(String protocol, URI url) {
        String host = url.getHost() == null ? "local" : url.getHost().toLowerCase(Locale.ROOT);
        String port = url.getPort() > 0 ? "-" + url.getPort() : "";
        return protocol + "-" + host + port;
    }

    /**
     * The source a protocol command defines from its URLs and options: its id from --source-id or the first URL,
     * the command's contact and give-up rule. Politeness is the facade's (see {@link #open}).
     */
    Source source(ProtocolOptions protocolOptions, List<URI> urls) {
        String sourceId = options.sourceId != null ? options.sourceId
                : defaultSourceId(protocolOptions.protocol(), urls.get(0));
        Source.Builder b = Source.builder(sourceId, protocolOptions).contact(options.contact)
                .giveUp(options.giveUp(null));
        urls.forEach(b::url);
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }

    /**
     * Harvests the source a protocol command defines. Its record is stored only when the store has none yet. A
     * first sync that fails before committing anything leaves no store behind ({@link NewStore}).
     */
    int run(ProtocolOptions protocolOptions, List<URI> urls, Duration protocolDelay) {
        options.validate();
        Source source = source(protocolOptions, urls);
        Politeness politeness = new Politeness(options.concurrency, options.delayOr(protocolDelay));
        if (options.dryRun) {
            try (LexSync lexsync = open(politeness)) {
                lexsync.registerIfUnknown(source);
                return exitCode(harvest(lexsync, source.id()), lexsync);
            }
        }
        NewStore fresh = NewStore.before(storeOptions.dataDir(), storeOptions.exists());
        boolean discard = false;
        try (LexSync lexsync = open(politeness)) {
            lexsync.registerIfUnknown(source);
            try {
                return exitCode(harvest(lexsync, source.id()), lexsync);
            } catch (RuntimeException e) {
                try {
                    discard = fresh.isNew() && lexsync.store().lastSeq() == 0 && lexsync.store().resourceCount(null) == 0;
                } catch (RuntimeException unreadable) {
                    e.addSuppressed(unreadable); // keep what cannot be checked
                }
                throw e;
            }
        } finally {
            if (discard) {
                fresh.discard();
            }
        }
    }

    /**
     * The facade over the store with the fetcher's options and {@code politeness} for every host whose source
     * sets none. A dry run creates and writes nothing (issue 13.7): the existing store is only read, and without
     * one the harvest runs against an empty scratch store deleted afterwards.
     */
    LexSync open(Politeness politeness) {
        return configure(storeOptions.builder().dryRun(options.dryRun), politeness);
    }

    /**
     * Builds {@code b} with the fetcher's options (tries, timeout, robots.txt, identity) and {@code politeness} for
     * every host whose source sets none; options out of range are usage errors.
     */
    LexSync configure(LexSync.Builder b, Politeness politeness) {
        options.validate();
        b.politeness(politeness).tries(options.tries).timeout(Duration.ofMillis(Math.round(options.timeout * 1000)))
                .ignoreRobots(options.ignoreRobots);
        if (options.contact != null) {
            b.contact(options.contact);
        }
        if (options.userAgent != null) {
            b.userAgent(options.userAgent);
        }
        return b.build();
    }

    /**
     * 0 when every planned change was applied and no item of the source is quarantined (the give-up rule: the
     * checkpoint passed it, so only the exit code keeps it in sight), else {@link Main#EXIT_FAILURES}.
     */
    static int exitCode(HarvestReport report, LexSync lexsync) {
        boolean clean = report.complete() && (report.apply() == null || report.apply().failures().isEmpty());
        return clean && (report.apply() == null || lexsync.store().quarantined(report.sourceId()) == 0) ? 0
                : Main.EXIT_FAILURES;
    }

    /**
     * Runs one harvest (a dry run plans only) of a registered source, prints its summary and returns its report.
     * SIGINT or SIGTERM stops it cleanly ({@link GracefulStop}): the run is marked interrupted with what it
     * committed, which is printed, and {@link GracefulStop.Stopped} is thrown.
     */
    HarvestReport harvest(LexSync lexsync, String sourceId) {
        DryRunReport dryRun = options.dryRun
                ? new DryRunReport(uris -> lexsync.store().resources(sourceId, uris), options.printChanges) : null;
        try (GracefulStop stop = GracefulStop.install();
             ProgressView progress = ProgressView.create(sourceId, err)) {
            HarvestListener listener = dryRun == null ? progress : new HarvestListener() {
                @Override
                public void documentRead(URI url, long bytes) {
                    progress.documentRead(url, bytes);
                }

                @Override
                public void note(String message) {
                    progress.note(message);
                }

                @Override
                public void expected(long changes) {
                    progress.expected(changes);
                }

                @Override
                public void planned(PlannedChange change) {
                    dryRun.planned(change);
                }
            };
            HarvestReport report;
            try {
                report = dryRun == null ? lexsync.harvest(sourceId, listener) : lexsync.plan(sourceId, listener);
            } catch (RuntimeException e) {
                if (!stop.requested()) {
                    throw e;
                }
                progress.close();
                throw stopped(sourceId, dryRun != null, lexsync, stop);
            }
            progress.close();
            printSummary(report, dryRun, dryRun != null ? 0 : lexsync.store().quarantined(sourceId));
            return report;
        }
    }

    /** After a stop by signal: marks the run interrupted, prints what was kept in two lines, returns the exception. */
    private GracefulStop.Stopped stopped(String sourceId, boolean dryRun, LexSync lexsync, GracefulStop stop) {
        Thread.interrupted(); // the store is written once more below
        List<RunRecord> runs = dryRun ? List.of()
                : lexsync.operations().interruptHeldRuns(stop.requestedAt(), "stopped by a signal (SIGINT or SIGTERM)");
        RunCounts kept = runs.stream().map(RunRecord::counts).reduce(RunCounts.ZERO, RunCounts::plus);
        String runIds = String.join(", ", runs.stream().map(r -> Long.toString(r.id())).toList());
        err.printf(Locale.ROOT, "lexsync: %s interrupted%s: kept created %d, updated %d, deleted %d, unchanged %d%n",
                sourceId, runs.isEmpty() ? "" : " (run " + runIds + ")", kept.created(), kept.updated(),
                kept.deleted(), kept.unchanged());
        String checkpoint = dryRun ? null : lexsync.store().checkpoint(sourceId).orElse(null);
        err.printf(Locale.ROOT, "  %s%n", checkpoint == null ? "no checkpoint yet; the next run starts from the beginning"
                + " and skips what is stored" : "checkpoint stored: " + checkpoint + "; the next run continues from there");
        err.flush();
        out.flush();
        return new GracefulStop.Stopped(sourceId + " interrupted");
    }

    void printSummary(HarvestReport report, DryRunReport dryRun, long quarantined) {
        ApplyReport a = report.apply();
        RunCounts c = a == null ? RunCounts.ZERO : a.counts();
        double seconds = Math.max(0.001, report.elapsed().toMillis() / 1000.0);
        if (dryRun != null) {
            out.printf(Locale.ROOT, "%s (%s) [dry run, nothing written]: %d changes planned; %d documents read (%s),"
                            + " %.1f s%n", report.sourceId(), report.protocol(), report.planned(), report.documentsRead(),
                    bytes(report.bytesRead()), seconds);
            dryRun.print(out);
        } else {
            out.printf(Locale.ROOT, "%s (%s): created %d, updated %d, deleted %d, unchanged %d, failed %d%n",
                    report.sourceId(), report.protocol(), c.created(), c.updated(), c.deleted(), c.unchanged(),
                    c.failed());
            out.printf(Locale.ROOT, "  %d documents read (%s), %d changes planned, %.1f s, %.0f changes/s%n",
                    report.documentsRead(), bytes(report.bytesRead()), report.planned(), seconds,
                    (c.total() - c.failed()) / seconds);
        }
        if (a != null && a.checkpoint() != null) {
            for (String line : CheckpointText.describe(a.checkpoint())) {
                out.printf(Locale.ROOT, "  checkpoint: %s%n", line);
            }
        }
        if (a != null && a.gap() != null) {
            out.printf(Locale.ROOT, "  stopped before %s (%s: %s); %d later changes held for the next run%n",
                    a.gap().resourceUri(), a.gap().reason(), a.gap().message(), a.held());
        }
        if (a != null) {
            // items not tried because their host's breaker was open: one line, the finding names the host
            long unreachable = a.failures().stream().filter(f -> f.reason().equals(HOST_UNREACHABLE)).count();
            if (unreachable > 0) {
                out.printf(Locale.ROOT, "  failed: %d items not tried, their host did not answer (%s; retried by the"
                        + " next run)%n", unreachable, HOST_UNREACHABLE);
            }
            List<ChangeFailure> others = a.failures().stream().filter(f -> !f.reason().equals(HOST_UNREACHABLE))
                    .toList();
            for (ChangeFailure f : others.stream().limit(20).toList()) {
                out.printf(Locale.ROOT, "  failed: %s (%s: %s)%s%n", f.resourceUri(), f.reason(), f.message(),
                        f.quarantined() ? String.format(Locale.ROOT, " [quarantined: failed in %d run%s]", f.tries(),
                                f.tries() == 1 ? "" : "s") : f.retriedAlone() ? " [retried alone next run]" : "");
            }
            if (others.size() > 20) {
                out.printf(Locale.ROOT, "  ... %d more failures (lexsync runs lists them)%n", others.size() - 20);
            }
        }
        if (quarantined > 0) {
            out.printf(Locale.ROOT, "  quarantined: %d item%s that kept failing; the checkpoint passed them, each is"
                    + " retried on its own (lexsync runs --source %s lists them)%n", quarantined,
                    quarantined == 1 ? "" : "s", report.sourceId());
        }
        if (!report.findings().isEmpty()) {
            out.printf(Locale.ROOT, "  findings: %d (lexsync runs lists them)%n", report.findings().total());
            for (Finding f : report.findings().list().stream().limit(5).toList()) {
                out.println("    " + f);
            }
        }
        out.flush();
    }

    private static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", n / 1048576.0);
    }
}
