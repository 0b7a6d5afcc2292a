package org.lexsync.bench.objectstore;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.lexsync.bench.fixture.RsPublisher;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.resourcesync.ResourceSyncHarvester;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * Issue 31's figures: the cost of keeping large blobs in an object store instead of local files, with PostgreSQL
 * holding everything else in both. A/B in one run and under one load: each round harvests the same ResourceSync
 * source (Resource List baseline, publisher in its own JVM, politeness off) into PostgreSQL + local files and into
 * PostgreSQL + S3Proxy back to back, alternating which goes first, every time into a freshly created database. Then
 * {@code gc} over N unreferenced blobs put straight through the store's large-blob tier, once with a grace period that
 * keeps them all (the listing and lookups alone) and once with none (every blob deleted).
 *
 * <pre>java -Xmx512m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.objectstore.ObjectStoreBenchmark \
 *     [--resources 2000] [--bytes 204800] [--warmups 1] [--measure 3] [--gc-blobs 100000] [--only list,gc]
 *     [--gc-stores files,s3] [--gc-passes keep,collect]
 *     [--postgres jdbc:postgresql://127.0.0.1:5432/] [--dir /tmp/x]</pre>
 *
 * CPU is this JVM's (harness, store client and S3Proxy, which runs here) and the publisher's; PostgreSQL's own CPU is
 * not counted.
 */
public final class ObjectStoreBenchmark {
    private static final String SOURCE = "bench";

    private ObjectStoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int resources = 2000;
        int bytes = 200 * 1024;
        int warmups = 1;
        int measured = 3;
        int gcBlobs = 100_000;
        String only = "list,gc";
        String gcStores = "files,s3";
        String gcPasses = "keep,collect";
        String postgres = "jdbc:postgresql://127.0.0.1:5432/";
        Path dir = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--resources" -> resources = Integer.parseInt(args[i + 1]);
                case "--bytes" -> bytes = Integer.parseInt(args[i + 1]);
                case "--warmups" -> warmups = Integer.parseInt(args[i + 1]);
                case "--measure" -> measured = Integer.parseInt(args[i + 1]);
                case "--gc-blobs" -> gcBlobs = Integer.parseInt(args[i + 1]);
                case "--only" -> only = args[i + 1];
                case "--gc-stores" -> gcStores = args[i + 1];
                case "--gc-passes" -> gcPasses = args[i + 1];
                case "--postgres" -> postgres = args[i + 1];
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("lexsync-os-bench-");
        Databases dbs = new Databases(postgres);
        try (S3ProxyLauncher s3 = S3ProxyLauncher.start(work.resolve("s3"))) {
            if (only.contains("list")) {
                list(s3, dbs, work, resources, bytes, warmups, measured);
            }
            if (only.contains("gc")) {
                for (String flavour : gcStores.split(",")) {
                    gc(s3, dbs, work, gcBlobs, gcPasses, switch (flavour) {
                        case "files" -> false;
                        case "s3" -> true;
                        default -> throw new IllegalArgumentException("--gc-stores takes files, s3 or both");
                    });
                }
            }
        } finally {
            TempFiles.deleteTreeQuietly(work);
        }
    }

    private static void list(S3ProxyLauncher s3, Databases dbs, Path work, int resources, int bytes, int warmups,
                             int measured) throws Exception {
        Map<Boolean, List<double[]>> rates = Map.of(false, new ArrayList<>(), true, new ArrayList<>());
        try (RsPublisher pub = RsPublisher.start(false, resources, bytes, 1, 10_000, 1_000, false)) {
            for (int round = 1; round <= warmups + measured; round++) {
                boolean objectsFirst = round % 2 == 0;
                for (boolean objects : new boolean[] {objectsFirst, !objectsFirst}) {
                    String db = dbs.create();
                    Path dataDir = work.resolve("list-" + round + (objects ? "-s3" : "-files"));
                    StoreConfig config = StoreConfig.of(dataDir).withJdbcUrl(dbs.url(db), "postgres", null);
                    if (objects) {
                        config = config.withS3(s3.config("list-" + round));
                    }
                    Cpu cpu = Cpu.start(pub);
                    HarvestReport r = harvest(config, pub);
                    double[] used = cpu.stop();
                    long n = r.apply().counts().created();
                    double s = Math.max(0.001, r.elapsed().toMillis() / 1000.0);
                    double[] figures = {n / s, n * (double) bytes / 1e6 / s, used[0] / n, used[1] / n, used[2] / n};
                    System.out.printf(Locale.ROOT, "%s %-6s round %d: %d resources in %.2f s = %.0f resources/s, "
                                    + "%.1f MB/s; CPU ms per resource: this JVM %.2f (of which S3Proxy's threads %.2f), publisher %.2f;"
                                    + " load %s%n",
                            round <= warmups ? "warm-up " : "measured", objects ? "s3" : "files", round, n, s,
                            figures[0], figures[1], figures[2], figures[4], figures[3], load());
                    if (round > warmups) {
                        rates.get(objects).add(figures);
                    }
                    dbs.drop(db);
                    TempFiles.deleteTreeQuietly(dataDir);
                }
            }
        }
        double[] files = median(rates.get(false));
        double[] objects = median(rates.get(true));
        for (boolean o : new boolean[] {false, true}) {
            double[] m = o ? objects : files;
            System.out.printf(Locale.ROOT, "median %-6s %.0f resources/s, %.1f MB/s, CPU ms per resource %.2f (this JVM;"
                    + " S3Proxy's threads %.2f of it), %.2f (publisher)%n", o ? "s3" : "files", m[0], m[1], m[2], m[4], m[3]);
        }
        System.out.printf(Locale.ROOT, "object store / local files: throughput %.2f (cost %.0f %%), client CPU per "
                + "resource %.2f×%n", objects[0] / files[0], 100 * (1 - objects[0] / files[0]), objects[2] / files[2]);
    }

    private static HarvestReport harvest(StoreConfig config, RsPublisher pub) {
        try (Store store = Store.open(config);
             Fetcher fetcher = Fetcher.builder().version("bench").politeness(new Politeness(32, Duration.ZERO))
                     .globalConcurrency(32).ignoreRobots(true).tempDirectory(store.fileBlobs().tempDirectory())
                     .build()) {
            Applier applier = Applier.builder(fetcher, store).build();
            HarvestReport r = new ResourceSyncHarvester().harvest(new HarvestJob(SOURCE, List.of(pub.baseUri()),
                    ResourceSyncOptions.fromText(Map.of(ResourceSyncOptions.KEY_BASELINE, "list")), false),
                    new HarvestContext(store, fetcher, applier, HarvestListener.NONE));
            if (!r.complete()) {
                System.out.println("incomplete: " + r.apply().gap());
            }
            return r;
        }
    }

    /**
     * Puts {@code n} distinct unreferenced blobs (8 threads), then collects with a 1 h grace ({@code keep}: the listing
     * alone) and with none ({@code collect}: every blob looked up and deleted), as {@code passes} says.
     */
    private static void gc(S3ProxyLauncher s3, Databases dbs, Path work, int n, String passes, boolean objects)
            throws Exception {
        String db = dbs.create();
        Path dataDir = work.resolve("gc-" + (objects ? "s3" : "files"));
        StoreConfig config = StoreConfig.of(dataDir).withJdbcUrl(dbs.url(db), "postgres", null);
        if (objects) {
            config = config.withS3(s3.config("gc"));
        }
        String name = objects ? "s3" : "files";
        try (Store store = Store.open(config)) {
            Cpu cpu = Cpu.start(null);
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<?>> done = new ArrayList<>();
            int threads = 8;
            for (int t = 0; t < threads; t++) {
                int first = t;
                done.add(pool.submit(() -> {
                    byte[] body = new byte[256];
                    for (int i = first; i < n; i += threads) {
                        ByteBuffer.wrap(body).putLong(i).putLong(System.nanoTime());
                        store.largeBlobs().put(body.clone());
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();
            report(name, "put (8 threads)", n, start, cpu.stop());
            List<Duration> graces = new ArrayList<>();
            if (passes.contains("keep")) {
                graces.add(Duration.ofHours(1));
            }
            if (passes.contains("collect")) {
                graces.add(Duration.ZERO);
            }
            for (Duration grace : graces) {
                cpu = Cpu.start(null);
                start = System.nanoTime();
                GcReport r = store.gc(grace);
                report(name, "gc grace " + grace + " examined " + r.examined() + " deleted " + r.deleted(), n, start,
                        cpu.stop());
            }
        } finally {
            dbs.drop(db);
            TempFiles.deleteTreeQuietly(dataDir);
        }
    }

    private static void report(String flavour, String what, int n, long startNanos, double[] cpu) {
        double s = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf(Locale.ROOT, "gc     %-6s %s: %d blobs in %.1f s = %.0f blobs/s; CPU of this JVM %.1f s (%.3f ms"
                + " per blob; S3Proxy's threads %.3f of it); load %s%n", flavour, what, n, s, n / s, cpu[0] / 1000,
                cpu[0] / n, cpu[2] / n, load());
    }

    private static double[] median(List<double[]> rows) {
        return rows.stream().sorted(Comparator.comparingDouble(r -> r[0])).toList().get(rows.size() / 2);
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    /**
     * CPU milliseconds since {@link #start} of this JVM, of the publisher's, and of S3Proxy's request threads in this
     * JVM (their name starts with {@code S3Proxy}; a thread that ended meanwhile is missed, so it is a lower bound).
     */
    private record Cpu(RsPublisher pub, long client, long publisher, Map<Long, Long> s3) {
        static Cpu start(RsPublisher pub) {
            return new Cpu(pub, own(), pub == null ? 0 : pub.cpu().toNanos(), s3Threads());
        }

        /** {this JVM, publisher, S3Proxy's share of this JVM}. */
        double[] stop() {
            long s3 = 0;
            for (Map.Entry<Long, Long> e : s3Threads().entrySet()) {
                s3 += e.getValue() - this.s3.getOrDefault(e.getKey(), 0L);
            }
            return new double[] {(own() - client) / 1e6, pub == null ? 0 : (pub.cpu().toNanos() - publisher) / 1e6,
                    s3 / 1e6};
        }

        private static Map<Long, Long> s3Threads() {
            java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Map<Long, Long> cpu = new java.util.HashMap<>();
            for (java.lang.management.ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
                if (t != null && t.getThreadName().startsWith("S3Proxy")) {
                    long ns = threads.getThreadCpuTime(t.getThreadId());
                    if (ns > 0) {
                        cpu.put(t.getThreadId(), ns);
                    }
                }
            }
            return cpu;
        }

        private static long own() {
            return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                    ? os.getProcessCpuTime() : 0;
        }
    }

    /** A fresh PostgreSQL database per run, dropped after it. */
    public record Databases(String server) {
        private static int counter;

        public String create() throws Exception {
            String name = String.format(Locale.ROOT, "lsbench_os_%d_%d", ProcessHandle.current().pid(), ++counter);
            sql("CREATE DATABASE " + name);
            return name;
        }

        public void drop(String name) throws Exception {
            sql("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }

        public String url(String name) {
            return server + name;
        }

        private void sql(String statement) throws Exception {
            try (Connection c = DriverManager.getConnection(server + "postgres", "postgres", null);
                 Statement st = c.createStatement()) {
                st.execute(statement);
            }
        }
    }
}
