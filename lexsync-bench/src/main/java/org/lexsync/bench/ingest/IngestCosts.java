package org.lexsync.bench.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.lexsync.bench.CompilerCpu;
import java.util.Map;

/**
 * What a measured ingestion cost, beside its rate (issue 31): CPU of this JVM (server and uploaders), of the S3Proxy
 * child when there is one, and of the PostgreSQL backends serving the benchmark's database, and the transactions
 * that database committed ({@code pg_stat_database.xact_commit}); the JVM's share spent in its JIT compiler threads
 * ({@link CompilerCpu}, sampled every second) is given apart, since a window of a few thousand groups still compiles. On a shared machine the rate follows the load; the
 * CPU per group does much less, so it is what an A/B compares. PostgreSQL's own background processes (WAL writer,
 * checkpointer) are not counted.
 */
final class IngestCosts {
    private static final double TICK_MS = 10.0;

    private final String jdbcUrl;
    private final String database;
    private final long s3Pid;
    private long jvmStartNs;
    private double s3StartMs;
    private final Map<Long, Double> backendStartMs = new HashMap<>();
    private long commitsStart;
    private CompilerCpu jit;
    private ScheduledExecutorService jitSampler;

    /** Costs of a run on {@code jdbcUrl} (null: SQLite, nothing to ask), with S3Proxy as {@code s3Pid} (0: none). */
    IngestCosts(String jdbcUrl, long s3Pid) {
        this.jdbcUrl = jdbcUrl;
        this.database = jdbcUrl == null ? null : databaseOf(jdbcUrl);
        this.s3Pid = s3Pid;
    }

    void start() throws SQLException {
        jvmStartNs = cpuNs(ProcessHandle.current());
        jit = new CompilerCpu(ProcessHandle.current().pid());
        jitSampler = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon(true).name("jit-cpu")
                .factory());
        jitSampler.scheduleAtFixedRate(jit::sample, 1, 1, TimeUnit.SECONDS);
        s3StartMs = s3Pid == 0 ? 0 : procMillis(s3Pid);
        if (database != null) {
            backendStartMs.putAll(backends());
            commitsStart = commits();
        }
    }

    /** One line: CPU ms per group of each process and the transactions per group. */
    String report(long groups) throws SQLException {
        double jvm = (cpuNs(ProcessHandle.current()) - jvmStartNs) / 1e6;
        jitSampler.shutdown();
        try {
            jitSampler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        jit.sample();
        double compiling = jit.used().toNanos() / 1e6;
        double s3 = s3Pid == 0 ? 0 : procMillis(s3Pid) - s3StartMs;
        double pg = 0;
        long commits = 0;
        if (database != null) {
            for (Map.Entry<Long, Double> b : backends().entrySet()) {
                pg += b.getValue() - backendStartMs.getOrDefault(b.getKey(), 0.0);
            }
            commits = commits() - commitsStart;
        }
        double n = Math.max(1, groups);
        return String.format(Locale.ROOT, "CPU per group: JVM %.2f ms (of which JIT %.2f ms), S3Proxy %.2f ms,"
                        + " PostgreSQL backends %.2f ms, total %.2f ms (without JIT %.2f ms); PostgreSQL commits per"
                        + " group %.2f (%d)", jvm / n, compiling / n, s3 / n, pg / n, (jvm + s3 + pg) / n,
                (jvm - compiling + s3 + pg) / n, commits / n, commits);
    }

    /** CPU ms of the backends connected to the database now, by pid (this connection's own left out). */
    private Map<Long, Double> backends() throws SQLException {
        Map<Long, Double> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", null);
             PreparedStatement s = c.prepareStatement("SELECT pid FROM pg_stat_activity WHERE datname = ?"
                     + " AND pid <> pg_backend_pid()")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    long pid = rs.getLong(1);
                    out.put(pid, procMillis(pid));
                }
            }
        }
        return out;
    }

    private long commits() throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", null);
             PreparedStatement s = c.prepareStatement("SELECT xact_commit FROM pg_stat_database WHERE datname = ?")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    static String databaseOf(String jdbcUrl) {
        String path = jdbcUrl.substring(jdbcUrl.indexOf("//") + 2);
        path = path.substring(path.indexOf('/') + 1);
        int q = path.indexOf('?');
        return q < 0 ? path : path.substring(0, q);
    }

    private static long cpuNs(ProcessHandle p) {
        return p.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    /** user + system CPU of {@code pid} from {@code /proc/PID/stat}, in ms; 0 when it is gone. */
    private static double procMillis(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * TICK_MS;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
