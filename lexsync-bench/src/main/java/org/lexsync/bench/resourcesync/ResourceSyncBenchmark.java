package org.lexsync.bench.resourcesync;

import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.ResourceSyncOptions;
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
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.resourcesync.ResourceSyncAudit;
import org.lexsync.engine.resourcesync.ResourceSyncHarvester;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.bench.fixture.RsPublisher;

/**
 * End-to-end ResourceSync benchmark against the fixture Source on loopback with politeness off (issue 4
 * targets): baseline of N x 1 KB resources via the Resource List and via the Resource Dump, an
 * incremental run of N changes, and an audit of M resources; prints throughput and the peak heap used.
 * Each measure runs {@code --warmups} + {@code --measure} rounds (fresh stores for baselines; one more batch
 * of N changes per incremental round) and reports the median of the measured ones, the warm-up rounds
 * warming the JIT as JMH would. The
 * publisher runs in its own JVM unless {@code --publisher in-process}. Run with {@code -Xmx256m} to check
 * the heap bound.
 *
 * <pre>java -Xmx256m [-Drsbench.scratch=/dev/shm/x] [-Drsbench.planOnly=true] -cp … \
 *     org.lexsync.bench.resourcesync.ResourceSyncBenchmark [N] [M] [--warmups 8] [--measure 3] [--publisher process|in-process]
 *     [--only list,dump,incremental,audit]</pre>
 * {@code rsbench.scratch} puts download temp files and unpacked bitstreams in a directory of choice (e.g. a
 * tmpfs); {@code rsbench.planOnly} also times planning alone (dry runs).
 */
public final class ResourceSyncBenchmark {
    private static final String SOURCE = "bench";
    /** Temp files of downloads and unpacked bitstreams: {@code -Drsbench.scratch=DIR} (e.g. a tmpfs), else the store's. */
    private static final String SCRATCH = System.getProperty("rsbench.scratch");
    /** Requests in flight to the publisher: {@code -Drsbench.inFlight=N}, default 32 (as the applier benchmark). */
    private static final int IN_FLIGHT = Integer.getInteger("rsbench.inFlight", 32);

    private ResourceSyncBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = 10_000;
        int m = 100_000;
        int warmups = 8;
        int measured = 3;
        boolean inProcess = false;
        String only = "list,dump,incremental,audit";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmups" -> warmups = Integer.parseInt(args[++i]);
                case "--measure" -> measured = Integer.parseInt(args[++i]);
                case "--only" -> only = args[++i];
                case "--publisher" -> inProcess = switch (args[++i]) {
                    case "in-process" -> true;
                    case "process" -> false;
                    default -> throw new IllegalArgumentException("--publisher takes process or in-process");
                };
                default -> {
                    if (i == 0) {
                        n = Integer.parseInt(args[i]);
                    } else {
                        m = Integer.parseInt(args[i]);
                    }
                }
            }
        }
        int rounds = warmups + measured;
        Medians medians = new Medians(warmups);
        HeapSampler heap = HeapSampler.start();
        Path work = Files.createTempDirectory("lexsync-rs-bench-");
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "publisher: %s; per measure %d warm-up rounds (they warm the JIT of client"
                + " and publisher), then the median of %d measured rounds", inProcess ? "in this JVM" : "a separate JVM",
                warmups, measured));
        try {
            try (RsPublisher pub = RsPublisher.start(inProcess, n, 1024, 1, 10_000, 1_000, true)) {
                if (Boolean.getBoolean("rsbench.planOnly")) {
                    HarvestReport dry = timed(work.resolve("dry"), pub, Map.of(ResourceSyncOptions.KEY_BASELINE, "dump"), true);
                    lines.add(line("plan only (dry run) via Resource Dump", dry.planned(), dry.elapsed(), "resources"));
                    dry = timed(work.resolve("dry"), pub, Map.of(ResourceSyncOptions.KEY_BASELINE, "list"), true);
                    lines.add(line("plan only (dry run) via Resource List", dry.planned(), dry.elapsed(), "resources"));
                }
                Path listStore = null;
                for (int r = 1; r <= rounds && (only.contains("list") || only.contains("incremental")); r++) {
                    listStore = work.resolve("list-" + r);
                    Cpu cpu = Cpu.start(pub);
                    HarvestReport list = timed(listStore, pub, Map.of(ResourceSyncOptions.KEY_BASELINE, "list"));
                    medians.add("baseline via Resource List", r, list.apply().counts().created(), list.elapsed(),
                            "resources", cpu.stop(list.apply().counts().created()));
                }
                for (int r = 1; r <= rounds && only.contains("dump"); r++) {
                    Cpu cpu = Cpu.start(pub);
                    HarvestReport dump = timed(work.resolve("dump-" + r), pub,
                            Map.of(ResourceSyncOptions.KEY_BASELINE, "dump"));
                    medians.add("baseline via Resource Dump", r, dump.apply().counts().created(), dump.elapsed(),
                            "resources", cpu.stop(dump.apply().counts().created()));
                }
                for (int r = 1; r <= rounds && only.contains("incremental"); r++) {
                    int created = n * 3 / 10;
                    int deleted = n / 10;
                    // one closed Change List per round (a daily list), so every round reads its own 10,000 changes
                    pub.closeChangeList();
                    pub.applyChanges(created, n - created - deleted, deleted);
                    Cpu cpu = Cpu.start(pub);
                    HarvestReport inc = timed(listStore, pub, Map.of());
                    long changes = inc.apply().counts().total() - inc.apply().counts().failed();
                    medians.add("incremental via Change List", r, changes, inc.elapsed(), "changes",
                            cpu.stop(changes) + (inc.complete() ? "" : " (incomplete: " + inc.apply().gap() + ")"));
                }
            }
            System.gc();
            audit:
            try (RsPublisher pub = only.contains("audit") ? RsPublisher.start(inProcess, m, 64, 2, 10_000, 5_000, false)
                    : null) {
                Path store = work.resolve("audit");
                if (pub == null) {
                    break audit;
                }
                HarvestReport fill = timed(store, pub, Map.of(ResourceSyncOptions.KEY_BASELINE, "dump"));
                lines.add(line("(audit setup) baseline via Resource Dump", fill.apply().counts().created(), fill.elapsed(),
                        "resources"));
                for (int r = 1; r <= rounds; r++) {
                    try (Store s = Store.open(StoreConfig.of(store)); Fetcher f = fetcher(s)) {
                        AuditReport a = new ResourceSyncAudit(f, HarvestStore.over(s)).audit(SOURCE, pub.baseUri(), null, null,
                                HarvestListener.NONE);
                        medians.add("audit", r, a.sourceResources(), a.elapsed(), "resources",
                                a.isInSync() ? " (in sync)" : " (NOT in sync: " + a.missing() + " missing)");
                    }
                }
            }
        } finally {
            deleteTree(work);
        }
        lines.addAll(medians.lines());
        lines.add("temp files in: " + (SCRATCH != null ? SCRATCH : "the store's temp directory (disk)"));
        lines.add(String.format(Locale.ROOT, "peak heap used by the client (sampled every 20 ms): %.0f MB (max heap %d MB);"
                        + " %d CPUs; Java %s", heap.stop() / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
        lines.forEach(System.out::println);
    }

    /**
     * CPU time used during a round by this JVM (the client, and the publisher when in-process) and by the
     * publisher's own JVM: a measure of work per change that, unlike wall time, a busy or throttled shared
     * machine does not blur much. Includes the JIT and GC threads, and whatever else this JVM does meanwhile.
     */
    private record Cpu(RsPublisher pub, long client, long publisher) {
        static Cpu start(RsPublisher pub) {
            return new Cpu(pub, processCpuNanos(), pub.cpu().toNanos());
        }

        String stop(long items) {
            double c = (processCpuNanos() - client) / 1e6;
            double p = (pub.cpu().toNanos() - publisher) / 1e6;
            double per = Math.max(1, items) / 1000.0;
            return String.format(Locale.ROOT, "; CPU ms per 1,000: client %.0f, publisher %.0f", c / per, p / per);
        }

        private static long processCpuNanos() {
            return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                    ? os.getProcessCpuTime() : 0;
        }
    }

    /** Prints every round as it ends and keeps, per measure, the round with the median rate among the measured ones. */
    private static final class Medians {
        private final int warmups;
        private final Map<String, List<double[]>> rates = new java.util.LinkedHashMap<>();
        private final Map<String, List<String>> texts = new java.util.LinkedHashMap<>();

        Medians(int warmups) {
            this.warmups = warmups;
        }

        void add(String what, int round, long count, Duration elapsed, String unit, String note) {
            String text = line(what, count, elapsed, unit) + note;
            System.out.println((round <= warmups ? "  warm-up " : "measured  ") + text);
            if (round > warmups) {
                double s = Math.max(0.001, elapsed.toMillis() / 1000.0);
                rates.computeIfAbsent(what, k -> new ArrayList<>()).add(new double[] {count / s});
                texts.computeIfAbsent(what, k -> new ArrayList<>()).add(text);
            }
        }

        List<String> lines() {
            List<String> out = new ArrayList<>();
            rates.forEach((what, list) -> {
                Integer[] order = new Integer[list.size()];
                for (int i = 0; i < order.length; i++) {
                    order[i] = i;
                }
                java.util.Arrays.sort(order, Comparator.comparingDouble(i -> list.get(i)[0]));
                out.add("median    " + texts.get(what).get(order[order.length / 2]));
            });
            return out;
        }
    }

    private static HarvestReport timed(Path dataDir, RsPublisher pub, Map<String, String> options) {
        return timed(dataDir, pub, options, false);
    }

    private static HarvestReport timed(Path dataDir, RsPublisher pub, Map<String, String> given, boolean dryRun) {
        Map<String, String> options = new java.util.HashMap<>(given);
        if (SCRATCH != null) {
            options.put(ResourceSyncOptions.KEY_SCRATCH_DIR, SCRATCH);
        }
        try (Store store = Store.open(StoreConfig.of(dataDir)); Fetcher fetcher = fetcher(store)) {
            Applier applier = Applier.builder(fetcher, store).build();
            HarvestReport r = new ResourceSyncHarvester().harvest(new HarvestJob(SOURCE, List.of(pub.baseUri()), ResourceSyncOptions.fromText(options),
                    dryRun), new HarvestContext(store, fetcher, applier, HarvestListener.NONE));
            if (!dryRun && !r.complete()) {
                System.out.println("incomplete: " + r.apply().gap());
            }
            return r;
        }
    }

    private static Fetcher fetcher(Store store) {
        return Fetcher.builder().version("bench").politeness(new Politeness(IN_FLIGHT, Duration.ZERO))
                .globalConcurrency(IN_FLIGHT)
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
