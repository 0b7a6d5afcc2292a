package org.lexsync.bench.resourcesync;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.harvest.HarvestListener;
import org.lexsync.engine.harvest.HarvestReport;
import org.lexsync.engine.resourcesync.AuditReport;
import org.lexsync.engine.resourcesync.ResourceSyncAudit;
import org.lexsync.engine.resourcesync.ResourceSyncHarvester;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * End-to-end ResourceSync benchmark against the fixture Source on loopback with politeness off (issue 4
 * targets): baseline of N x 1 KB resources via the Resource List and via the Resource Dump, an
 * incremental run of N changes, and an audit of M resources; prints throughput and the peak heap used
 * (fixture publisher included, it runs in this JVM). Run with {@code -Xmx256m} to check the heap bound.
 *
 * <pre>java -Xmx256m [-Drsbench.scratch=/dev/shm/x] [-Drsbench.planOnly=true] -cp … \
 *     org.lexsync.bench.resourcesync.ResourceSyncBenchmark [N] [M]</pre>
 * {@code rsbench.scratch} puts download temp files and unpacked bitstreams in a directory of choice (e.g. a
 * tmpfs); {@code rsbench.planOnly} also times planning alone (dry runs).
 */
public final class ResourceSyncBenchmark {
    private static final String SOURCE = "bench";
    /** Temp files of downloads and unpacked bitstreams: {@code -Drsbench.scratch=DIR} (e.g. a tmpfs), else the store's. */
    private static final String SCRATCH = System.getProperty("rsbench.scratch");

    private ResourceSyncBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int m = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        HeapSampler heap = HeapSampler.start();
        Path work = Files.createTempDirectory("lexsync-rs-bench-");
        List<String> lines = new ArrayList<>();
        try {
            try (FixturePublisher pub = FixturePublisher.builder().resources(n).seed(1).bodyBytes(1024).start();
                 ResourceSyncSource source = ResourceSyncSource.builder(pub).maxListEntries(10_000)
                         .packageEntries(1_000).install()) {
                Path listStore = work.resolve("list");
                if (Boolean.getBoolean("rsbench.planOnly")) {
                    HarvestReport dry = timed(work.resolve("dry"), pub, Map.of(ResourceSyncHarvester.OPTION_BASELINE, "dump"), true);
                    lines.add(line("plan only (dry run) via Resource Dump", dry.planned(), dry.elapsed(), "resources"));
                    dry = timed(work.resolve("dry"), pub, Map.of(ResourceSyncHarvester.OPTION_BASELINE, "list"), true);
                    lines.add(line("plan only (dry run) via Resource List", dry.planned(), dry.elapsed(), "resources"));
                }
                HarvestReport list = timed(listStore, pub, Map.of(ResourceSyncHarvester.OPTION_BASELINE, "list"));
                lines.add(line("baseline via Resource List", list.apply().counts().created(), list.elapsed(), "resources"));
                HarvestReport dump = timed(work.resolve("dump"), pub, Map.of(ResourceSyncHarvester.OPTION_BASELINE, "dump"));
                lines.add(line("baseline via Resource Dump", dump.apply().counts().created(), dump.elapsed(), "resources"));
                int created = n * 3 / 10;
                int deleted = n / 10;
                pub.applyChanges(created, n - created - deleted, deleted);
                HarvestReport inc = timed(listStore, pub, Map.of());
                long changes = inc.apply().counts().total() - inc.apply().counts().failed();
                lines.add(line("incremental via Change List", changes, inc.elapsed(), "changes"));
                if (!inc.complete()) {
                    lines.add("  (incremental incomplete: " + inc.apply().gap() + ")");
                }
            }
            System.gc();
            try (FixturePublisher pub = FixturePublisher.builder().resources(m).seed(2).bodyBytes(64).start();
                 ResourceSyncSource source = ResourceSyncSource.builder(pub).maxListEntries(10_000)
                         .packageEntries(5_000).changeList(false).changeDump(false).install()) {
                Path store = work.resolve("audit");
                HarvestReport fill = timed(store, pub, Map.of(ResourceSyncHarvester.OPTION_BASELINE, "dump"));
                lines.add(line("(audit setup) baseline via Resource Dump", fill.apply().counts().created(), fill.elapsed(),
                        "resources"));
                try (Store s = Store.open(StoreConfig.of(store)); Fetcher f = fetcher(s)) {
                    AuditReport a = new ResourceSyncAudit(f, s).audit(SOURCE, pub.baseUri(), null, null,
                            HarvestListener.NONE);
                    lines.add(line("audit", a.sourceResources(), a.elapsed(), "resources")
                            + (a.isInSync() ? " (in sync)" : " (NOT in sync: " + a.missing() + " missing)"));
                }
            }
        } finally {
            deleteTree(work);
        }
        lines.add("temp files in: " + (SCRATCH != null ? SCRATCH : "the store's temp directory (disk)"));
        lines.add(String.format(Locale.ROOT, "peak heap used (sampled every 20 ms): %.0f MB (max heap %d MB); %d CPUs; Java %s",
                heap.stop() / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
        lines.forEach(System.out::println);
    }

    private static HarvestReport timed(Path dataDir, FixturePublisher pub, Map<String, String> options) {
        return timed(dataDir, pub, options, false);
    }

    private static HarvestReport timed(Path dataDir, FixturePublisher pub, Map<String, String> given, boolean dryRun) {
        Map<String, String> options = new java.util.HashMap<>(given);
        if (SCRATCH != null) {
            options.put(ResourceSyncHarvester.OPTION_SCRATCH_DIR, SCRATCH);
        }
        try (Store store = Store.open(StoreConfig.of(dataDir)); Fetcher fetcher = fetcher(store)) {
            Applier applier = Applier.builder(fetcher, store).build();
            HarvestReport r = new ResourceSyncHarvester().harvest(new HarvestJob(SOURCE, List.of(pub.baseUri()), options,
                    dryRun), new HarvestContext(store, fetcher, applier, HarvestListener.NONE));
            if (!dryRun && !r.complete()) {
                System.out.println("incomplete: " + r.apply().gap());
            }
            return r;
        }
    }

    private static Fetcher fetcher(Store store) {
        return Fetcher.builder().version("bench").politeness(new Politeness(32, Duration.ZERO)).globalConcurrency(32)
                .ignoreRobots(true).tempDirectory(SCRATCH != null ? scratch() : store.fileBlobs().tempDirectory()).build();
    }

    private static Path scratch() {
        try {
            return Files.createDirectories(Path.of(SCRATCH));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String line(String what, long count, Duration elapsed, String unit) {
        double s = Math.max(0.001, elapsed.toMillis() / 1000.0);
        return String.format(Locale.ROOT, "%-42s %8d %s in %6.2f s = %8.0f %s/s", what, count, unit, s, count / s, unit);
    }

    /** Samples the used heap (fixture publisher included) on a daemon thread and keeps the maximum. */
    private static final class HeapSampler implements Runnable {
        private volatile boolean running = true;
        private volatile long max;

        static HeapSampler start() {
            HeapSampler s = new HeapSampler();
            Thread t = new Thread(s, "heap-sampler");
            t.setDaemon(true);
            t.start();
            return s;
        }

        @Override
        public void run() {
            MemoryMXBean mx = ManagementFactory.getMemoryMXBean();
            while (running) {
                max = Math.max(max, mx.getHeapMemoryUsage().getUsed());
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        long stop() {
            running = false;
            return max;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
