package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.atom.AtomSource;

/**
 * Issue 32's chaos test with real processes: three {@code lexsync serve} nodes, each in its own network namespace,
 * share one PostgreSQL database, one S3 bucket (S3Proxy) and one SPARQL store (Fuseki), and harvest 30 small Atom
 * sources on 3 publisher hosts that change while they run. Faults: SIGKILL of a node twice (restarted each time),
 * SIGSTOP of a node longer than its lease then SIGCONT, and a cut of a node's network link longer than the lease. Once
 * the faults stop, the store converges to the publishers, no journal row is there twice, no row of a stale holder
 * follows a row of the holder that took its source over (the fence), and every publisher saw its requests spaced by
 * at least its delay (the shared politeness). Short cluster settings keep it to about a minute; see
 * docs/deploying.md, "The chaos test".
 */
class ClusterChaosTest {
    private static final int NODES = 3;
    private static final int HOSTS = 3;
    private static final int SOURCES_PER_HOST = 10;
    private static final Duration DELAY = Duration.ofMillis(100);
    private static final Duration LEASE = Duration.ofSeconds(3);
    private static final Duration FAULT = LEASE.plusSeconds(2);   // frozen or cut off longer than the lease
    private static final Duration CONVERGE = Duration.ofSeconds(90);   // a killed node's slot holds a host 60 s
    private static final String PREFIX = "chaos";

    @TempDir
    Path dir;
    private final long began = System.nanoTime();

    @Test
    void threeNodesUnderKillFreezeAndPartitionConvergeWithoutDuplicatesStaleCommitsOrImpoliteness() throws Exception {
        List<ServeNode> nodes = new ArrayList<>();
        List<AutoCloseable> forwarders = new ArrayList<>();
        AtomicBoolean changing = new AtomicBoolean(true);
        try (NodeNamespaces net = NodeNamespaces.create(NODES);
             PostgresDatabase database = PostgresDatabase.create();
             S3Server s3 = S3Server.start(dir.resolve("s3"));
             LocalFuseki fuseki = LocalFuseki.start(dir.resolve("fuseki"));
             ClusterPublishers pubs = new ClusterPublishers(net.rootAddress(), HOSTS, SOURCES_PER_HOST, 2, 32)) {
            String root = net.rootAddress();
            TcpForwarder pg = forward(forwarders, root, 5432);
            TcpForwarder s3f = forward(forwarders, root, s3.endpoint().getPort());
            TcpForwarder rdf = forward(forwarders, root, fuseki.endpoint().getPort());
            Path config = writeConfig(pubs);
            String jdbc = String.format(Locale.ROOT, "jdbc:postgresql://%s:%d/%s", root, pg.port(),
                    database.jdbcUrl().substring(database.jdbcUrl().lastIndexOf('/') + 1));
            Map<String, String> env = Map.of("LEXSYNC_S3_ACCESS_KEY", s3.environment().get(S3Server.ACCESS_KEY_ENV),
                    "LEXSYNC_S3_SECRET_KEY", s3.environment().get(S3Server.SECRET_KEY_ENV));
            for (int i = 0; i < NODES; i++) {
                List<String> args = List.of("--store", dir.resolve("node" + i).toString(), "--config", config.toString(),
                        "--jdbc-url", jdbc, "--db-user", PostgresDatabase.USER,
                        "--blobs", "s3://" + S3Server.BUCKET + "/" + PREFIX,
                        "--s3-endpoint", "http://" + root + ":" + s3f.port(),
                        "--rdf-endpoint", "http://" + root + ":" + rdf.port() + LocalFuseki.DATASET,
                        "--bind", net.nodeAddress(i), "--port", "0",
                        "--heartbeat", "PT0.3S", "--missed-heartbeats", "4", "--lease", LEASE.toSeconds() + "s");
                nodes.add(new ServeNode("node" + i, net.exec(i), List.of("-Dlogback.configurationFile=" + logback()),
                        args, env, dir.resolve("node" + i + ".log")));
            }
            // the first node creates the schema alone; the others start once it listens
            List<URI> uris = new ArrayList<>(List.of(nodes.get(0).start().awaitListening(Duration.ofSeconds(90))));
            nodes.get(1).start();
            nodes.get(2).start();
            uris.add(nodes.get(1).awaitListening(Duration.ofSeconds(90)));
            uris.add(nodes.get(2).awaitListening(Duration.ofSeconds(90)));
            mark("three nodes listen");
            Thread changer = Thread.ofVirtual().start(() -> {
                while (changing.get()) {
                    pubs.change();
                    try {
                        Thread.sleep(250);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            try (Connection db = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, null)) {
                awaitRows(db, 20, nodes);
                mark("20 journal rows");

                // kill -9, twice, each time while the node holds a source; restarted at once
                for (int round = 0; round < 2; round++) {
                    ServeNode victim = nodes.get(0);
                    awaitHolding(db, victim);
                    victim.kill();
                    victim.start();
                    uris.set(0, victim.awaitListening(Duration.ofSeconds(60)));
                    mark("killed node0 listens again");
                }

                // frozen past its lease while holding a source, then woken
                ServeNode frozen = nodes.get(1);
                awaitHolding(db, frozen);
                frozen.signal("STOP");
                Thread.sleep(FAULT.toMillis());
                frozen.signal("CONT");
                mark("node1 woken");

                // cut off the network past its lease while holding a source, then reconnected
                ServeNode cut = nodes.get(2);
                awaitHolding(db, cut);
                net.cut(2);
                Thread.sleep(FAULT.toMillis());
                net.restore(2);
                mark("node2 reconnected");

                changing.set(false);
                changer.join();
                long faultsEnded = System.nanoTime();
                Map<String, Map<String, String>> expected = expected(pubs);
                Map<String, Map<String, String>> actual = Map.of();
                long deadline = System.nanoTime() + CONVERGE.toNanos();
                while (System.nanoTime() < deadline) {
                    actual = actual(db);
                    if (actual.equals(expected)) {
                        break;
                    }
                    Thread.sleep(500);
                }
                double converged = (System.nanoTime() - faultsEnded) / 1e9;
                assertThat(actual).as("the store's active resources per source equal the publishers' (%d changes);"
                        + " logs:%n%s", pubs.changes(), logs(nodes)).isEqualTo(expected);

                assertThat(count(db, "SELECT COUNT(*) FROM (SELECT source_id, resource_uri, kind, checksums"
                        + " FROM journal GROUP BY source_id, resource_uri, kind, checksums HAVING COUNT(*) > 1) d"))
                        .as("journal rows there twice").isZero();
                assertThat(count(db, "SELECT COUNT(*) FROM (SELECT run_id, LAG(run_id) OVER (PARTITION BY source_id"
                        + " ORDER BY seq) AS previous FROM journal) j WHERE run_id < previous"))
                        .as("journal rows of a stale run after rows of the run that took its source over").isZero();
                for (int h = 0; h < HOSTS; h++) {
                    assertThat(pubs.smallestGapMillis(h)).as("smallest gap between requests at host %d (of %d)", h,
                            pubs.requests(h)).isGreaterThanOrEqualTo(DELAY.toMillis());
                }
                double fencedMetric = 0;
                double takeovers = 0;
                for (int i = 0; i < NODES; i++) {
                    String metrics = nodes.get(i).metrics(uris.get(i));
                    fencedMetric += ServeNode.counter(metrics, "lexsync_fenced_commits_total");
                    takeovers += ServeNode.counter(metrics, "lexsync_lease_takeovers_total");
                }
                assertThat(takeovers).as("leases taken over by the live nodes after the freeze and the cut").isPositive();
                long fencedRuns = count(db, "SELECT COUNT(*) FROM runs WHERE error LIKE 'lexsync:fenced:%'");
                long journal = count(db, "SELECT COUNT(*) FROM journal");
                System.out.printf(Locale.ROOT, "cluster chaos: %d changes, %d journal rows, %d runs, fenced commits"
                        + " %.0f (metrics of the live nodes), %d fenced runs, %.0f takeovers, converged %.1f s after"
                        + " the faults, requests per host %d/%d/%d, smallest gaps %.1f/%.1f/%.1f ms, longest silences"
                        + " %.1f/%.1f/%.1f s, %.1f s in all%n",
                        pubs.changes(), journal, count(db, "SELECT COUNT(*) FROM runs"), fencedMetric, fencedRuns,
                        takeovers, converged, pubs.requests(0), pubs.requests(1), pubs.requests(2),
                        pubs.smallestGapMillis(0), pubs.smallestGapMillis(1), pubs.smallestGapMillis(2),
                        pubs.longestGapMillis(0) / 1000, pubs.longestGapMillis(1) / 1000, pubs.longestGapMillis(2) / 1000,
                        (System.nanoTime() - began) / 1e9);
            } finally {
                changing.set(false);
                for (ServeNode n : nodes) {
                    n.destroy();
                }
                for (AutoCloseable f : forwarders) {
                    f.close();
                }
            }
        }
    }

    private void mark(String what) {
        System.out.printf(Locale.ROOT, "cluster chaos: %5.1f s %s%n", (System.nanoTime() - began) / 1e9, what);
    }

    /** The nodes' log configuration: what they harvest and why a harvest or the scheduler failed. */
    private Path logback() throws Exception {
        Path file = dir.resolve("logback-nodes.xml");
        if (!Files.exists(file)) {
            Files.writeString(file, """
                    <configuration>
                      <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                        <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{0} - %msg%n</pattern></encoder>
                      </appender>
                      <logger name="org.lexsync.server" level="INFO"/>
                      <logger name="org.lexsync.server.schedule" level="DEBUG"/>
                      <root level="WARN"><appender-ref ref="OUT"/></root>
                    </configuration>
                    """, StandardCharsets.UTF_8);
        }
        return file;
    }

    private static TcpForwarder forward(List<AutoCloseable> all, String address, int port) throws Exception {
        TcpForwarder f = TcpForwarder.start(address, port);
        all.add(f);
        return f;
    }

    private Path writeConfig(ClusterPublishers pubs) throws Exception {
        StringBuilder yaml = new StringBuilder("sources:\n");
        pubs.sources().forEach((id, source) -> yaml.append(String.format(Locale.ROOT, "  - id: %s%n    protocol: atom%n"
                + "    url: %s%n    politeness: {delay: %s, concurrency: 1}%n    schedule: PT2S%n    approved: true%n", id,
                source.subscriptionUri(), DELAY.toMillis() / 1000.0)));
        Path file = dir.resolve("lexsync.yaml");
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Source id → (entry id → canonical updated) of the publishers' active entries; a source whose entries were all
     * deleted is left out, as it has no active row in the store either.
     */
    private static Map<String, Map<String, String>> expected(ClusterPublishers pubs) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        pubs.sources().forEach((id, source) -> {
            if (!source.active().isEmpty()) {
                out.put(id, new TreeMap<>(source.active()));
            }
        });
        return out;
    }

    /** Source id → (resource URI → source timestamp) of the store's active resources. */
    private static Map<String, Map<String, String>> actual(Connection db) throws SQLException {
        Map<String, Map<String, String>> out = new TreeMap<>();
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT source_id, uri, source_ts FROM resources WHERE status = 'active'")) {
            while (rs.next()) {
                out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>()).put(rs.getString(2), rs.getString(3));
            }
        } catch (SQLException beforeTheSchema) {
            return out;
        }
        return out;
    }

    private static void awaitRows(Connection db, long rows, List<ServeNode> nodes) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (count(db, "SELECT COUNT(*) FROM journal") >= rows) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("fewer than " + rows + " journal rows after 60 s; " + findings(db) + "\n" + logs(nodes));
    }

    /** Waits (at most 20 s) until {@code node} holds a source's lease: the fault then lands mid-harvest. */
    private static void awaitHolding(Connection db, ServeNode node) throws Exception {
        try (PreparedStatement st = db.prepareStatement("SELECT COUNT(*) FROM source_leases WHERE holder_pid = ?")) {
            st.setLong(1, node.pid());
            for (int i = 0; i < 400; i++) {
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(50);
            }
        }
        System.out.printf(Locale.ROOT, "cluster chaos: %s held no source within 20 s; faulting it anyway%n", node.name());
    }

    /** The last runs' errors and findings, for a failure's message. */
    private static String findings(Connection db) throws SQLException {
        StringBuilder b = new StringBuilder("last runs and findings:\n");
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT r.id, r.source_id, r.status, r.error, f.rule, f.message FROM runs r"
                     + " LEFT JOIN run_findings f ON f.run_id = r.id ORDER BY r.id DESC LIMIT 12")) {
            while (rs.next()) {
                b.append(String.format(Locale.ROOT, "  run %d %s %s %s | %s %s%n", rs.getLong(1), rs.getString(2),
                        rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6)));
            }
        }
        return b.toString();
    }

    private static long count(Connection db, String sql) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException noTableYet) {
            if (noTableYet.getMessage().contains("does not exist")) {
                return 0;
            }
            throw noTableYet;
        }
    }

    private static String logs(List<ServeNode> nodes) {
        StringBuilder b = new StringBuilder();
        for (ServeNode n : nodes) {
            String log = n.log();
            b.append(log, Math.max(0, log.length() - 6000), log.length()).append('\n');
        }
        return b.toString();
    }
}
