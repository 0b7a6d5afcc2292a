package org.lexsync.bench.cluster;

import org.lexsync.bench.CompilerCpu;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.lexsync.bench.fixture.FixtureProcess;

/**
 * Issue 32's "N nodes × 1,000 scheduled sources": the fixture of {@code server.ScheduledSourcesBenchmark} (1,000 small
 * Atom feeds in a JVM of their own on one loopback host, 304 while unchanged, {@code --change-percent} of them given a
 * new entry each minute) harvested on schedule by N real {@code lexsync serve} processes sharing one new PostgreSQL
 * database (shared politeness: the host opened to {@code --per-host} requests at once with no delay, across the
 * cluster). After every source's first run (not measured) it measures M minutes: scheduled checks per minute, schedule
 * lag (a run's start minus its previous run's end plus the interval) p50/p99/max, each node's process CPU per 1,000
 * checks (and all nodes' together), and PostgreSQL transactions per check ({@code pg_stat_database.xact_commit} of the
 * database, all clients: nodes, the scheduler, the harness's own few reads).
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.cluster.ScheduledClusterBenchmark --nodes 3 \
 *     [--sources 1000] [--minutes 3] [--warm-minutes 0] [--change-percent 10] [--max-concurrent-runs 4] [--per-host 8] \
 *     [--cli lexsync-cli/target] [--node-jvm-flags "-XX:..."] [--pg-log /var/log/postgresql/postgresql-15-main.log] \
 *     [--series true] [--schedule-seconds 60]</pre>
 *
 * {@code --schedule-seconds} sets every source's schedule (default 60 s; the fixture's changes stay one round a
 * minute), for the same sources checked more or less often.
 *
 * {@code --node-jvm-flags} replaces the JVM flags the launcher gives {@code serve} ({@link NodeProcess#SERVE_FLAGS})
 * with a blank-separated list ({@code ""}: none, the JVM's defaults). The nodes run with the launcher's AOT cache for
 * {@code serve} when {@code --cli} holds one ({@link NodeProcess#SERVE_CACHE}), as the launcher's nodes do; the header
 * line says which.
 *
 * {@code --warm-minutes W} runs the same load W minutes more before the window (not measured), so that the JVMs'
 * JIT warm-up, which each node of a cluster pays for itself, falls outside it; either way the report splits each
 * node's CPU in the window into its JIT compiler threads ({@link CompilerCpu}) and the rest.
 * {@code --sources 0} measures the nodes' fixed cost alone (idle nodes: heartbeats, scheduler polls, the journal
 * listener, JIT and GC). {@code --pg-log} sets {@code log_statement = 'all'} on the run's database (not the server's
 * other databases) and breaks the window's transactions down by kind from that log ({@link StatementLog}); it adds
 * PostgreSQL's logging to the window, so take CPU figures from runs without it. {@code --series true} also prints a
 * line a minute from the nodes' start ({@link MinuteSeries}): checks, CPU and JIT CPU in each minute, for how long the
 * warm-up of a node lasts and whether its cost per check levels out.
 *
 * {@code --apart true} is the control for "what does the cluster add": the same N processes on this machine with the
 * same fixture and load, but each a lone node on a database of its own holding every N-th source — no shared
 * leases, politeness, journal notifications or scheduler table. What N nodes apart cost per check beyond one node is
 * N JVMs sharing the machine and the load; what a cluster costs beyond N nodes apart is the cluster's own work.
 */
public final class ScheduledClusterBenchmark {
    private ScheduledClusterBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int nodes = 1;
        int sources = 1000;
        int minutes = 3;
        int warmMinutes = 0;
        int changePercent = 10;
        int runs = 4;
        int perHost = 8;
        Duration schedule = Duration.ofSeconds(60);
        Path cli = Path.of("lexsync-cli/target");
        Path pgLog = null;
        boolean series = false;
        boolean apart = false;
        List<String> jvmFlags = NodeProcess.SERVE_FLAGS;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--nodes" -> nodes = Integer.parseInt(v);
                case "--sources" -> sources = Integer.parseInt(v);
                case "--minutes" -> minutes = Integer.parseInt(v);
                case "--warm-minutes" -> warmMinutes = Integer.parseInt(v);
                case "--change-percent" -> changePercent = Integer.parseInt(v);
                case "--max-concurrent-runs" -> runs = Integer.parseInt(v);
                case "--per-host" -> perHost = Integer.parseInt(v);
                case "--schedule-seconds" -> schedule = Duration.ofSeconds(Integer.parseInt(v));
                case "--cli" -> cli = Path.of(v);
                case "--pg-log" -> pgLog = Path.of(v);
                case "--series" -> series = Boolean.parseBoolean(v);
                case "--apart" -> apart = Boolean.parseBoolean(v);
                case "--node-jvm-flags" -> jvmFlags = v.isBlank() ? List.of() : List.of(v.trim().split("\\s+"));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        String prefix = "lexsync_sched_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        List<String> names = new ArrayList<>();
        for (int n = 0; n < (apart ? nodes : 1); n++) {
            names.add(apart ? prefix + "_" + n : prefix);
        }
        for (String name : names) {
            admin("CREATE DATABASE " + name);
            if (pgLog != null) {
                admin("ALTER DATABASE " + name + " SET log_statement = 'all'");
            }
        }
        Path dir = Files.createTempDirectory("lexsync-sched-cluster-bench-");
        System.out.printf(Locale.ROOT, "%d nodes%s × %d Atom sources every %s, %d runs per node, %d per host; %d %%"
                + " changing each minute; measuring %d min; node JVM flags %s; serve cache %s%n", nodes,
                apart ? " apart (a database each)" : "", sources, schedule, runs, perHost, changePercent, minutes, jvmFlags,
                NodeProcess.currentServeCache(cli) ? cli.resolve(NodeProcess.SERVE_CACHE) : "none");
        List<NodeProcess> started = new ArrayList<>();
        List<Connection> dbs = new ArrayList<>();
        try (FixtureProcess fixture = FixtureProcess.startAtomFeeds(sources, 3, 512, 15)) {
            for (String name : names) {
                dbs.add(DriverManager.getConnection(ClusterServices.SERVER + name, ClusterServices.USER, null));
            }
            List<Path> configs = new ArrayList<>();
            for (int c = 0; c < names.size(); c++) {
                Path config = dir.resolve("lexsync-" + c + ".yaml");
                StringBuilder yaml = new StringBuilder("store:\n  jdbc-url: " + ClusterServices.SERVER + names.get(c)
                        + "\nsources:\n");
                for (int i = c; i < sources; i += names.size()) {
                    yaml.append(String.format(Locale.ROOT, "  - {id: feed-%04d, protocol: atom, url: %s, schedule: %s,"
                                    + " approved: true, politeness: {delay: 0, concurrency: %d}}%n", i,
                            fixture.baseUri().resolve("/feeds/" + i + "/feed.atom"), schedule, perHost));
                }
                Files.writeString(config, yaml, StandardCharsets.UTF_8);
                configs.add(config);
            }
            Map<String, String> env = Map.of("LEXSYNC_DB_USER", ClusterServices.USER);
            Instant begun = Instant.now();
            for (int n = 0; n < nodes; n++) {
                started.add(NodeProcess.start(null, cli, dir.resolve("node" + n), configs.get(n % configs.size()), env,
                        dir.resolve("node" + n + ".log"), "512m", jvmFlags,
                        List.of("--max-concurrent-runs", Integer.toString(runs))));
            }
            MinuteSeries perMinute = series ? new MinuteSeries(started, begun, System.out) : null;
            waitForBaseline(dbs, sources, perMinute);
            System.out.printf(Locale.ROOT, "baseline: every source ran once in %.1f s%n",
                    Duration.between(begun, Instant.now()).toMillis() / 1000.0);

            if (warmMinutes > 0) {
                // the same load, not measured: the JVMs' JIT warm-up falls into it rather than into the window
                Instant warmEnd = Instant.now().plus(Duration.ofMinutes(warmMinutes));
                Instant nextChange = Instant.now();
                while (Instant.now().isBefore(warmEnd)) {
                    if (changePercent > 0 && !Instant.now().isBefore(nextChange)) {
                        fixture.changeFeeds(sources * changePercent / 100);
                        nextChange = nextChange.plus(Duration.ofMinutes(1));
                    }
                    if (perMinute != null) {
                        perMinute.printDue(dbs);
                    }
                    Thread.sleep(200);
                }
                System.out.printf(Locale.ROOT, "warm-up: %d min more of the same load, not measured%n", warmMinutes);
            }
            Instant start = Instant.now();
            long xact0 = commits(dbs, names);
            List<Duration> cpu0 = started.stream().map(NodeProcess::cpu).toList();
            List<CompilerCpu> jit = started.stream().map(p -> new CompilerCpu(p.pid())).toList();
            Instant end = start.plus(Duration.ofMinutes(minutes));
            Instant nextChange = start;
            Instant nextJitSample = start;
            int changed = 0;
            while (Instant.now().isBefore(end)) {
                if (changePercent > 0 && !Instant.now().isBefore(nextChange)) {
                    changed += fixture.changeFeeds(sources * changePercent / 100);
                    nextChange = nextChange.plus(Duration.ofMinutes(1));
                }
                if (!Instant.now().isBefore(nextJitSample)) {
                    jit.forEach(CompilerCpu::sample);
                    nextJitSample = nextJitSample.plusSeconds(5);
                }
                if (perMinute != null) {
                    perMinute.printDue(dbs);
                }
                Thread.sleep(200);
            }
            long xact = commits(dbs, names) - xact0;
            jit.forEach(CompilerCpu::sample);
            List<Duration> cpu = new ArrayList<>();
            for (int n = 0; n < nodes; n++) {
                cpu.add(started.get(n).cpu().minus(cpu0.get(n)));
            }
            long checks = report(dbs, start, end, schedule, sources, changed, cpu, xact);
            double jitSeconds = jit.stream().mapToLong(j -> j.used().toMillis()).sum() / 1000.0;
            double all = cpu.stream().mapToLong(Duration::toMillis).sum() / 1000.0;
            System.out.printf(Locale.ROOT, "of which JIT compiler threads %.1f CPU s (%s); without them %.2f CPU s per"
                    + " 1,000 checks%n", jitSeconds, jit.stream().map(j -> String.format(Locale.ROOT, "%.1f",
                    j.used().toMillis() / 1000.0)).toList(), checks == 0 ? 0 : (all - jitSeconds) * 1000 / checks);
            if (pgLog != null) {
                Thread.sleep(1000); // the server's log is written asynchronously
                for (String name : names) {
                    StatementLog.read(pgLog, name, start, end).print(checks);
                }
            }
        } finally {
            for (NodeProcess p : started) {
                p.close();
            }
            for (Connection c : dbs) {
                c.close();
            }
            for (String name : names) {
                admin("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            }
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static long report(List<Connection> dbs, Instant start, Instant end, Duration schedule, int sources, int changed,
                               List<Duration> cpu, long xact) throws Exception {
        Map<String, Instant> previousEnd = new HashMap<>();
        List<Long> lag = new ArrayList<>();
        Map<Long, Integer> checksByPid = new HashMap<>();
        long checks = 0;
        long failed = 0;
        long changes = 0;
        for (Connection db : dbs) {
            try (Statement st = db.createStatement();
                 ResultSet rs = st.executeQuery("SELECT source_id, started_at, ended_at, status, created + updated + deleted,"
                         + " holder_pid FROM runs ORDER BY source_id, id")) {
                while (rs.next()) {
                    String source = rs.getString(1);
                    Instant started = Instant.parse(rs.getString(2));
                    String ended = rs.getString(3);
                    Instant prevEnd = previousEnd.put(source, ended == null ? null : Instant.parse(ended));
                    if (started.isBefore(start) || !started.isBefore(end)) {
                        continue;
                    }
                    checks++;
                    checksByPid.merge(rs.getLong(6), 1, Integer::sum);
                    String status = rs.getString(4);
                    if (status.equals("aborted") || status.equals("interrupted")) {
                        failed++;
                    }
                    changes += rs.getLong(5);
                    if (prevEnd != null) {
                        lag.add(Math.max(0, Duration.between(prevEnd.plus(schedule), started).toMillis()));
                    }
                }
            }
        }
        lag.sort(null);
        double seconds = Duration.between(start, end).toMillis() / 1000.0;
        double total = cpu.stream().mapToLong(Duration::toMillis).sum() / 1000.0;
        System.out.printf(Locale.ROOT, "window %.0f s: %d checks (%.0f/min; %d sources), %d failed, %d changes collected"
                + " (%d feed changes published)%n", seconds, checks, checks * 60 / seconds, sources, failed, changes, changed);
        System.out.printf(Locale.ROOT, "checks per node (by pid): %s%n", checksByPid);
        for (int n = 0; n < cpu.size(); n++) {
            System.out.printf(Locale.ROOT, "node %d CPU %.1f s (%.0f %% of a core)%n", n + 1, cpu.get(n).toMillis() / 1000.0,
                    cpu.get(n).toMillis() / 10.0 / seconds);
        }
        System.out.printf(Locale.ROOT, "all nodes: %.1f CPU s = %.2f CPU s per 1,000 checks; PostgreSQL %d commits ="
                + " %.1f transactions per check (%.0f per minute)%n", total, checks == 0 ? 0 : total * 1000 / checks, xact,
                checks == 0 ? 0 : (double) xact / checks, xact * 60 / seconds);
        System.out.printf(Locale.ROOT, "schedule lag: p50 %.2f s, p90 %.2f s, p99 %.2f s, max %.2f s over %d runs%n",
                pct(lag, 50), pct(lag, 90), pct(lag, 99), pct(lag, 100), lag.size());
        return checks;
    }

    private static void waitForBaseline(List<Connection> dbs, int sources, MinuteSeries perMinute) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(20));
        while (Instant.now().isBefore(deadline)) {
            long ran = 0;
            for (Connection db : dbs) {
                try (Statement st = db.createStatement();
                     ResultSet rs = st.executeQuery("SELECT count(DISTINCT source_id) FROM runs WHERE ended_at IS NOT NULL")) {
                    ran += rs.next() ? rs.getLong(1) : 0;
                } catch (java.sql.SQLException e) {
                    // this database's node has not made the schema yet
                }
            }
            if (ran >= sources) {
                return;
            }
            if (perMinute != null) {
                perMinute.printDue(dbs);
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("the baseline did not end within 20 minutes");
    }

    /** The committed transactions of the run's databases, from PostgreSQL's statistics (all clients). */
    private static long commits(List<Connection> dbs, List<String> names) throws Exception {
        long sum = 0;
        try (PreparedStatement st = dbs.get(0).prepareStatement("SELECT xact_commit FROM pg_stat_database WHERE datname = ?")) {
            for (String name : names) {
                st.setString(1, name);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    sum += rs.getLong(1);
                }
            }
        }
        return sum;
    }

    private static void admin(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(ClusterServices.SERVER + "postgres", ClusterServices.USER, null);
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static double pct(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(i, sorted.size() - 1))) / 1000.0;
    }
}
