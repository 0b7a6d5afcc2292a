package org.lexsync.bench.cluster;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Issue 32's takeover time after kill -9: N real {@code lexsync serve} nodes (processes of the packaged command line)
 * on one PostgreSQL database, S3Proxy and Fuseki ({@link ClusterServices}), one long-running ResourceSync source (a
 * sample publisher behind a long politeness delay, so that its harvest never ends during the measurement). K times:
 * wait until a node runs the source, kill that node with SIGKILL, and time from the kill to the start of the next harvest
 * of the source on another node (the source's lease taken by another process: {@code source_leases.since},
 * {@code holder_pid}, a higher {@code epoch}); then start the killed
 * node again (same data directory) and wait until it is in the node table before the next kill. Prints each takeover and p50/p90/max.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.cluster.TakeoverBenchmark [--kills 20] \
 *     [--nodes 3] [--cli lexsync-cli/target] [--delay 60] [--heartbeat 2s --missed-heartbeats 4 --lease 30s] \
 *     [--separate-hosts true]</pre>
 *
 * Without the cluster flags the nodes run with the defaults ({@code cluster:} absent from their configuration). With
 * {@code --separate-hosts true} (root only) each node has a host name of its own ({@link NodeProcess}), as on separate
 * machines: a killed node's process cannot be seen gone, so its lease has to expire — the cross-host worst case.
 */
public final class TakeoverBenchmark {
    private static final String SOURCE = "long";

    private TakeoverBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int kills = 20;
        int nodes = 3;
        Path cli = Path.of("lexsync-cli/target");
        String delay = "60";
        List<String> cluster = new ArrayList<>();
        boolean separateHosts = false;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--kills" -> kills = Integer.parseInt(v);
                case "--nodes" -> nodes = Integer.parseInt(v);
                case "--cli" -> cli = Path.of(v);
                case "--delay" -> delay = v;
                case "--separate-hosts" -> separateHosts = Boolean.parseBoolean(v);
                case "--heartbeat", "--missed-heartbeats", "--lease" -> cluster.addAll(List.of(args[i], v));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (!Files.isRegularFile(cli.resolve("lexsync-cli.jar"))) {
            throw new IllegalArgumentException(cli.resolve("lexsync-cli.jar") + " is missing: build it with ./mvnw -pl"
                    + " lexsync-cli -am package -DskipTests, or name its directory with --cli");
        }
        Path dir = Files.createTempDirectory("lexsync-takeover-bench-");
        System.out.printf(Locale.ROOT, "%d nodes%s, %d kills, cluster settings: %s; source delay %s s%n", nodes,
                separateHosts ? " (each with a host name of its own)" : "", kills,
                cluster.isEmpty() ? "the defaults" : String.join(" ", cluster), delay);

        try (ClusterServices services = ClusterServices.start(dir.resolve("services"), 1, 200)) {
            Path config = dir.resolve("lexsync.yaml");
            Files.writeString(config, configuration(services, delay), StandardCharsets.UTF_8);
            Map<String, String> env = services.environment();
            List<NodeProcess> running = new ArrayList<>();
            try (Connection db = DriverManager.getConnection(services.jdbcUrl(), ClusterServices.USER, null)) {
                for (int n = 0; n < nodes; n++) {
                    running.add(start(cli, dir, n, config, env, cluster, separateHosts));
                }
                List<Long> millis = new ArrayList<>();
                long lastRun = 0;
                for (int k = 1; k <= kills; k++) {
                    Run holder = waitForRunningRun(db, lastRun, running);
                    Thread.sleep(2_000);   // in the middle of the harvest, not at its first request
                    int victim = indexOf(running, holder.pid());
                    Instant killed = Instant.now();
                    running.get(victim).kill();
                    Run next = waitForRunElsewhere(db, holder, Duration.ofMinutes(3));
                    long ms = Duration.between(killed, next.started()).toMillis();
                    millis.add(ms);
                    lastRun = next.id();
                    System.out.printf(Locale.ROOT, "kill %2d: node %d (pid %d, lease epoch %d) killed at %s; epoch %d"
                                    + " taken by pid %d after %.1f s%n", k, victim + 1, holder.pid(), holder.id(), killed,
                            next.id(), next.pid(), ms / 1000.0);
                    running.set(victim, start(cli, dir, victim, config, env, cluster, separateHosts));
                    // the next kill only once the restarted node is up: N nodes, one of them dying at a time
                    waitForNodeRow(db, running.get(victim).pid());
                }
                millis.sort(Comparator.naturalOrder());
                System.out.printf(Locale.ROOT, "takeover after kill -9 over %d kills: p50 %.1f s, p90 %.1f s, max %.1f s,"
                                + " min %.1f s%n", millis.size(), pct(millis, 50), pct(millis, 90), pct(millis, 100),
                        millis.get(0) / 1000.0);
            } finally {
                for (NodeProcess p : running) {
                    p.close();
                }
            }
        } finally {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static String configuration(ClusterServices s, String delay) {
        return String.format(Locale.ROOT, """
                store:
                  jdbc-url: %s
                  blobs: %s
                  s3: {endpoint: %s, path-style: true, access-key-env: %s, secret-key-env: %s}
                  rdf: %s
                sources:
                  - id: %s
                    protocol: resourcesync
                    url: %s
                    politeness: {delay: %s}
                    schedule: PT1H
                    approved: true
                """, s.jdbcUrl(), s.blobs("takeover"), s.s3Endpoint(), ClusterServices.ACCESS_KEY_ENV,
                ClusterServices.SECRET_KEY_ENV, s.rdfEndpoint(), SOURCE, s.publishers().get(0), delay);
    }

    private static NodeProcess start(Path cli, Path dir, int n, Path config, Map<String, String> env,
                                     List<String> cluster, boolean separateHosts) throws Exception {
        return NodeProcess.start(separateHosts ? "lexsync-node" + n : null, cli, dir.resolve("node" + n), config, env,
                dir.resolve("node" + n + ".log"), "384m", cluster);
    }

    /**
     * A harvest of the source: the lease's epoch (one more at each takeover), the pid of the node holding it and when
     * that node took it — the start of its harvest (its {@code runs} row comes later: after the first documents, which
     * wait for the source's politeness delay).
     */
    private record Run(long id, long pid, Instant started) {
    }

    private static Run newest(Connection db) throws Exception {
        try (PreparedStatement st = db.prepareStatement("SELECT epoch, holder_pid, since FROM source_leases"
                + " WHERE source_id = ?")) {
            st.setString(1, SOURCE);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new Run(rs.getLong(1), rs.getLong(2), Instant.parse(rs.getString(3)));
            }
        } catch (java.sql.SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("42")) {
                return null;   // no such table or column yet: the first node is still migrating the schema
            }
            throw e;
        }
    }

    private static Run waitForRunningRun(Connection db, long after, List<NodeProcess> nodes) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(10));   // the first: three JVMs start, one migrates
        while (Instant.now().isBefore(deadline)) {
            Run r = newest(db);
            if (r != null && r.id() >= after && indexOf(nodes, r.pid()) >= 0) {
                return r;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("no node ran source " + SOURCE + " within 10 minutes");
    }

    private static Run waitForRunElsewhere(Connection db, Run killed, Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            Run r = newest(db);
            if (r != null && r.id() > killed.id() && r.pid() != killed.pid()) {
                return r;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("no other node took source " + SOURCE + " over within " + limit);
    }

    private static void waitForNodeRow(Connection db, long pid) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        try (PreparedStatement st = db.prepareStatement("SELECT count(*) FROM nodes WHERE pid = ?")) {
            st.setLong(1, pid);
            while (Instant.now().isBefore(deadline)) {
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next() && rs.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("the restarted node (pid " + pid + ") did not join within 5 minutes");
    }

    private static int indexOf(List<NodeProcess> nodes, long pid) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).pid() == pid && nodes.get(i).isAlive()) {
                return i;
            }
        }
        return -1;
    }

    private static double pct(List<Long> sorted, int p) {
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(i, sorted.size() - 1))) / 1000.0;
    }
}
