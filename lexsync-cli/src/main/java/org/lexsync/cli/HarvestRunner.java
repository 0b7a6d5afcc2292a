package org.lexsync.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.fetch.UnreachableHost;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.SourceLease;
import org.lexsync.engine.store.SourceLeases;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * Runs one harvester from the command line: opens the store, builds the polite fetcher and the applier
 * from the options, shows progress, prints the summary, and returns the exit code (0 all applied, 1 item
 * failures). Unreadable sources surface as exceptions that {@link Main} maps to exit code 3.
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

    int run(Harvester harvester, List<URI> urls, Map<String, String> protocolOptions, Duration protocolDelay) {
        options.validate();
        String sourceId = options.sourceId != null ? options.sourceId : defaultSourceId(harvester.protocol(), urls.get(0));
        HarvestJob job = new HarvestJob(sourceId, urls, harvester.options(protocolOptions), options.dryRun, options.giveUp(null));
        if (options.dryRun) {
            return dryRun(harvester, job, protocolDelay);
        }
        NewStore fresh = NewStore.before(storeOptions.config());
        boolean discard = false;
        try (Store store = storeOptions.openForWriting()) {
            if (!options.dryRun && store.sources().get(sourceId).isEmpty()) {
                store.sources().put(new SourceRecord(sourceId, harvester.protocol(),
                        urls.stream().map(URI::toString).toList(), null, null, true, options.contact));
            }
            try {
                return run(harvester, job, store, protocolDelay);
            } catch (RuntimeException e) {
                try {
                    discard = fresh.isNew() && store.journal().lastSeq() == 0 && store.resources().count(null, false) == 0;
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
     * A dry run compares with the store and creates nothing (issue 13.7): an existing store is opened as it is,
     * and without one the harvest runs against an empty scratch store that is deleted afterwards.
     */
    private int dryRun(Harvester harvester, HarvestJob job, Duration protocolDelay) {
        return withDryRunStore(store -> run(harvester, job, store, protocolDelay));
    }

    /**
     * Runs {@code work} on the store as a dry run sees it: the existing store when there is one (nothing is
     * written to it), else a scratch store deleted afterwards, so that a dry run creates no store.
     */
    <T> T withDryRunStore(java.util.function.Function<Store, T> work) {
        if (storeOptions.exists()) {
            try (Store store = storeOptions.openExisting()) {
                return work.apply(store);
            }
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory("lexsync-dry-run-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Store store = Store.open(StoreConfig.of(scratch))) {
            return work.apply(store);
        } finally {
            NewStore.deleteTree(scratch);
        }
    }

    int run(Harvester harvester, HarvestJob job, Store store, Duration protocolDelay) {
        return exitCode(harvest(harvester, job, store,
                new Politeness(options.concurrency, options.delayOr(protocolDelay))), store);
    }

    /**
     * 0 when every planned change was applied and no item of the source is quarantined (DESIGN §4.6: the
     * checkpoint passed it, so only the exit code keeps it in sight), else {@link Main#EXIT_FAILURES}.
     */
    static int exitCode(HarvestReport report, Store store) {
        boolean clean = report.complete() && (report.apply() == null || report.apply().failures().isEmpty());
        return clean && (report.apply() == null || store.failures().quarantined(report.sourceId()) == 0) ? 0
                : Main.EXIT_FAILURES;
    }

    /**
     * Runs one harvest with this politeness, prints its summary and returns its report. SIGINT or SIGTERM
     * stops it cleanly ({@link GracefulStop}): the run is marked interrupted with what it committed, which is
     * printed, and {@link GracefulStop.Stopped} is thrown. A harvest that writes holds the source's lease
     * meanwhile: when another process holds it, a {@link org.lexsync.engine.model.SourceBusyException} is thrown
     * at once (exit 2).
     */
    HarvestReport harvest(Harvester harvester, HarvestJob job, Store store, Politeness politeness) {
        try (SourceLease lease = job.dryRun() ? null : store.leases().acquire(job.sourceId(), leaseTtl())) {
            return harvestHolding(harvester, job, store, politeness);
        }
    }

    /** The lease's time to live: 30 s, or the seconds in {@value SourceLeases#TTL_ENV} (tests set a short one). */
    private static Duration leaseTtl() {
        try {
            return SourceLeases.defaultTtl();
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }

    private HarvestReport harvestHolding(Harvester harvester, HarvestJob job, Store store, Politeness politeness) {
        Path temp = store.readOnly() ? tempDirectory() : store.fileBlobs().tempDirectory();
        Fetcher.Builder fetcherBuilder = Fetcher.builder().version(Version.current()).politeness(politeness)
                .tries(options.tries).totalTimeout(Duration.ofMillis(Math.round(options.timeout * 1000)))
                .ignoreRobots(options.ignoreRobots).tempDirectory(temp);
        if (options.contact != null) {
            fetcherBuilder.contact(options.contact);
        }
        if (options.userAgent != null) {
            fetcherBuilder.userAgent(options.userAgent);
        }
        DryRunReport dryRun = job.dryRun()
                ? new DryRunReport(uris -> store.resources().getAll(job.sourceId(), uris), options.printChanges) : null;
        try (GracefulStop stop = GracefulStop.install();
             Fetcher fetcher = fetcherBuilder.build();
             ProgressView progress = ProgressView.create(job.sourceId(), err)) {
            Applier applier = Applier.builder(fetcher, store).build();
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
                report = withUnreachableHosts(store, fetcher,
                        harvester.harvest(job, new HarvestContext(store, fetcher, applier, listener)));
            } catch (RuntimeException e) {
                if (!stop.requested()) {
                    throw e;
                }
                progress.close();
                throw stopped(job, store, stop);
            }
            progress.close();
            printSummary(report, dryRun, job.dryRun() ? 0 : store.failures().quarantined(job.sourceId()));
            return report;
        }
    }

    /** After a stop by signal: marks the run interrupted, prints what was kept in two lines, returns the exception. */
    private GracefulStop.Stopped stopped(HarvestJob job, Store store, GracefulStop stop) {
        Thread.interrupted(); // the store is written once more below
        List<RunRecord> runs = job.dryRun() ? List.of()
                : store.runs().interruptHeld(stop.requestedAt(), "stopped by a signal (SIGINT or SIGTERM)");
        RunCounts kept = runs.stream().map(RunRecord::counts).reduce(RunCounts.ZERO, RunCounts::plus);
        String runIds = String.join(", ", runs.stream().map(r -> Long.toString(r.id())).toList());
        err.printf(Locale.ROOT, "lexsync: %s interrupted%s: kept created %d, updated %d, deleted %d, unchanged %d%n",
                job.sourceId(), runs.isEmpty() ? "" : " (run " + runIds + ")", kept.created(), kept.updated(),
                kept.deleted(), kept.unchanged());
        String checkpoint = job.dryRun() ? null : store.sources().checkpoint(job.sourceId()).orElse(null);
        err.printf(Locale.ROOT, "  %s%n", checkpoint == null ? "no checkpoint yet; the next run starts from the beginning"
                + " and skips what is stored" : "checkpoint stored: " + checkpoint + "; the next run continues from there");
        err.flush();
        out.flush();
        return new GracefulStop.Stopped(job.sourceId() + " interrupted");
    }

    /**
     * The report with one finding per host whose circuit breaker opened in the run (issue 13.5), put first and
     * kept with the run: its requests failed as {@code host-unreachable} item failures, one per URL, but the
     * cause is the one host.
     */
    private static HarvestReport withUnreachableHosts(Store store, Fetcher fetcher, HarvestReport report) {
        List<UnreachableHost> hosts = fetcher.unreachableHosts();
        if (hosts.isEmpty()) {
            return report;
        }
        Findings found = new Findings();
        for (UnreachableHost h : hosts) {
            found.error(UnreachableHost.RULE, h.describe(), 0, 0);
        }
        if (report.apply() != null && report.apply().runId() > 0) {
            store.runs().addFindings(report.apply().runId(), null, found);
        }
        found.addAll(report.findings());
        return new HarvestReport(report.sourceId(), report.protocol(), report.apply(), report.documentsRead(),
                report.bytesRead(), report.planned(), found, report.elapsed());
    }

    /**
     * A polite fetcher built from the shared options, for commands that read a source without harvesting
     * it (e.g. {@code lexsync audit}); the caller closes it.
     */
    Fetcher fetcher(Duration protocolDelay) {
        options.validate();
        Fetcher.Builder b = Fetcher.builder().version(Version.current())
                .politeness(new Politeness(options.concurrency, options.delayOr(protocolDelay))).tries(options.tries)
                .totalTimeout(Duration.ofMillis(Math.round(options.timeout * 1000))).ignoreRobots(options.ignoreRobots)
                .tempDirectory(tempDirectory());
        if (options.contact != null) {
            b.contact(options.contact);
        }
        if (options.userAgent != null) {
            b.userAgent(options.userAgent);
        }
        return b.build();
    }

    /**
     * Where the fetcher of a command without a writable store downloads: the data directory's {@code tmp} when
     * it can be written (never created here: read commands create no store), else the system's temp directory.
     */
    private Path tempDirectory() {
        Path dir = storeOptions.dataDir().resolve("tmp");
        if (Files.isDirectory(dir) && Files.isWritable(dir)) {
            return dir;
        }
        try {
            return Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "lexsync-tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
