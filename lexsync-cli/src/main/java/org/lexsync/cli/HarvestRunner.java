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
import org.lexsync.engine.apply.ApplyReport;
import org.lexsync.engine.apply.ChangeFailure;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.Politeness;
import org.lexsync.engine.fetch.UnreachableHost;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.harvest.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.store.RunCounts;
import org.lexsync.engine.store.SourceRecord;
import org.lexsync.engine.store.Store;

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
        HarvestJob job = new HarvestJob(sourceId, urls, protocolOptions, options.dryRun);
        try (Store store = storeOptions.openForWriting()) {
            if (store.sources().get(sourceId).isEmpty()) {
                store.sources().put(new SourceRecord(sourceId, harvester.protocol(),
                        urls.stream().map(URI::toString).toList(), null, null, true, options.contact));
            }
            return run(harvester, job, store, protocolDelay);
        }
    }

    int run(Harvester harvester, HarvestJob job, Store store, Duration protocolDelay) {
        return exitCode(harvest(harvester, job, store,
                new Politeness(options.concurrency, options.delayOr(protocolDelay))));
    }

    /** 0 when every planned change was applied, else {@link Main#EXIT_FAILURES}. */
    static int exitCode(HarvestReport report) {
        return report.complete() && (report.apply() == null || report.apply().failures().isEmpty()) ? 0
                : Main.EXIT_FAILURES;
    }

    /** Runs one harvest with this politeness, prints its summary and returns its report. */
    HarvestReport harvest(Harvester harvester, HarvestJob job, Store store, Politeness politeness) {
        Path temp = tempDirectory();
        Fetcher.Builder fetcherBuilder = Fetcher.builder().version(Version.current()).politeness(politeness)
                .tries(options.tries).totalTimeout(Duration.ofMillis(Math.round(options.timeout * 1000)))
                .ignoreRobots(options.ignoreRobots).tempDirectory(temp);
        if (options.contact != null) {
            fetcherBuilder.contact(options.contact);
        }
        if (options.userAgent != null) {
            fetcherBuilder.userAgent(options.userAgent);
        }
        try (Fetcher fetcher = fetcherBuilder.build();
             ProgressView progress = ProgressView.create(job.sourceId(), err)) {
            Applier applier = Applier.builder(fetcher, store).build();
            HarvestReport report = withUnreachableHosts(store, fetcher,
                    harvester.harvest(job, new HarvestContext(store, fetcher, applier, progress)));
            progress.close();
            printSummary(report);
            return report;
        }
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

    private Path tempDirectory() {
        Path dir = storeOptions.dataDir().resolve("tmp");
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void printSummary(HarvestReport report) {
        ApplyReport a = report.apply();
        RunCounts c = a == null ? RunCounts.ZERO : a.counts();
        double seconds = Math.max(0.001, report.elapsed().toMillis() / 1000.0);
        out.printf(Locale.ROOT, "%s (%s)%s: created %d, updated %d, deleted %d, unchanged %d, failed %d%n",
                report.sourceId(), report.protocol(), options.dryRun ? " [dry run]" : "", c.created(), c.updated(),
                c.deleted(), c.unchanged(), c.failed());
        out.printf(Locale.ROOT, "  %d documents read (%s), %d changes planned, %.1f s, %.0f changes/s%n",
                report.documentsRead(), bytes(report.bytesRead()), report.planned(), seconds,
                (c.total() - c.failed()) / seconds);
        if (a != null && a.checkpoint() != null) {
            out.printf(Locale.ROOT, "  checkpoint: %s%n", a.checkpoint());
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
                out.printf(Locale.ROOT, "  failed: %s (%s: %s)%n", f.resourceUri(), f.reason(), f.message());
            }
            if (others.size() > 20) {
                out.printf(Locale.ROOT, "  ... %d more failures (lexsync runs lists them)%n", others.size() - 20);
            }
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
