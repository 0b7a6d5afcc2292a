package org.lexsync.bench.fetch;

import org.lexsync.bench.ScratchDatabase;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * The cost of the cluster's shared politeness per request (issue 32, docs/benchmarks.md, "Shared politeness"): the
 * same requests to one fixture host (small bodies, no delay, one in flight) through a fetcher without a shared gate,
 * through one with the PostgreSQL gate ({@code host_politeness}, a row lock per request), and through three fetchers
 * with a store each on one database (three nodes in one JVM) at once. Prints wall time and process CPU per request
 * (publisher included, the same in every mode) and PostgreSQL transactions per request. Creates and drops a database
 * of its own on the server at {@code --server}.
 */
public final class SharedPolitenessBenchmark {
    private SharedPolitenessBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int requests = 2_000;
        String server = "jdbc:postgresql://127.0.0.1:5432/";
        String user = "postgres";
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--requests" -> requests = Integer.parseInt(v);
                case "--server" -> server = v;
                case "--user" -> user = v;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-politeness-bench-");
        try (ScratchDatabase database = ScratchDatabase.create(server, user, "lexsync_bench_");
             FixturePublisher pub = FixturePublisher.builder().resources(requests).seed(5).bodyBytes(64)
                .robotsTxt("User-agent: *\nAllow: /\n").start()) {
            List<FixtureResource> all = pub.resources();
            String url = database.jdbcUrl();
            // warm-up: JIT and connections, not measured
            measure("warm-up", all.subList(0, Math.min(500, all.size())), dir.resolve("w"), url, user, 1, true);
            measure("in-process politeness only", all, dir.resolve("a"), url, user, 1, false);
            measure("PostgreSQL gate, 1 node", all, dir.resolve("b"), url, user, 1, true);
            measure("PostgreSQL gate, 3 nodes at once", all, dir.resolve("c"), url, user, 3, true);
        }
    }

    private static void measure(String label, List<FixtureResource> all, Path dir, String url, String user, int nodes,
                                boolean shared) throws Exception {
        List<Store> stores = new ArrayList<>();
        List<Fetcher> fetchers = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            Store store = Store.open(StoreConfig.of(dir.resolve("node" + n)).withJdbcUrl(url, user, null));
            stores.add(store);
            fetchers.add(Fetcher.builder().version("bench").politeness(new Politeness(1, Duration.ZERO))
                    .tempDirectory(dir.resolve("tmp" + n)).sharedGate(shared ? store.sharedHostGate() : null).build());
        }
        // robots.txt once per fetcher before the clock starts
        for (Fetcher f : fetchers) {
            if (f.fetch(FetchRequest.of(all.get(0).uri())) instanceof FetchResult.Fetched first && first.body() != null) {
                Files.deleteIfExists(first.body());
            }
        }
        long xacts = transactions(url, user);
        long cpu = cpuNanos();
        long started = System.nanoTime();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> work = new ArrayList<>();
            for (int n = 0; n < nodes; n++) {
                Fetcher f = fetchers.get(n);
                int node = n;
                work.add(threads.submit(() -> {
                    for (int i = node; i < all.size(); i += nodes) {
                        FetchResult r = f.fetch(FetchRequest.of(all.get(i).uri()));
                        if (!(r instanceof FetchResult.Fetched fetched)) {
                            throw new IllegalStateException("not fetched: " + r);
                        }
                        if (fetched.body() != null) {
                            Files.deleteIfExists(fetched.body());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> w : work) {
                w.get();
            }
        }
        long wall = System.nanoTime() - started;
        long cpuUsed = cpuNanos() - cpu;
        long xactsUsed = transactions(url, user) - xacts;
        fetchers.forEach(Fetcher::close);
        stores.forEach(Store::close);
        int n = all.size();
        System.out.printf(Locale.ROOT, "%-36s %6d requests  %8.1f µs wall/request  %8.1f µs CPU/request"
                        + "  %5.2f PostgreSQL transactions/request%n", label, n, wall / 1e3 / n, cpuUsed / 1e3 / n,
                (double) xactsUsed / n);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Committed transactions of the benchmark's database so far (the statistics collector's count). */
    private static long transactions(String url, String user) throws Exception {
        try (Connection c = DriverManager.getConnection(url, user, null); Statement s = c.createStatement()) {
            s.execute("SELECT pg_stat_clear_snapshot()");
            try (ResultSet rs = s.executeQuery("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
