package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.store.PostgresDatabase;

/**
 * Issue 32's rolling restart with real processes: two {@code lexsync serve} nodes on one PostgreSQL database harvest 6
 * Atom sources on 2 hosts; each node in turn is stopped with SIGTERM while it harvests, and started again. The stopped
 * node exits 0, its run ends {@code interrupted} under its own pid, the source is harvested again to success, no run is
 * left {@code running} once both nodes stopped, and the store equals the publishers without a journal row twice.
 */
class RollingRestartTest {
    private static final Duration LEASE = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @Test
    void sigtermOneNodeAtATimeLosesNoRunAndTheStoreConverges() throws Exception {
        List<ServeNode> nodes = new ArrayList<>();
        try (PostgresDatabase database = PostgresDatabase.create();
             ClusterPublishers pubs = new ClusterPublishers("127.0.0.1", 2, 3, 6, 33);
             Connection db = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, null)) {
            Path config = dir.resolve("lexsync.yaml");
            StringBuilder yaml = new StringBuilder("sources:\n");
            pubs.sources().forEach((id, source) -> yaml.append(String.format(Locale.ROOT, "  - id: %s%n"
                    + "    protocol: atom%n    url: %s%n    politeness: {delay: 0.1}%n    schedule: PT2S%n"
                    + "    approved: true%n", id, source.subscriptionUri())));
            Files.writeString(config, yaml, StandardCharsets.UTF_8);
            for (int i = 0; i < 2; i++) {
                nodes.add(new ServeNode("node" + i, List.of(), List.of(), List.of("--store",
                        dir.resolve("node" + i).toString(), "--config", config.toString(), "--jdbc-url",
                        database.jdbcUrl(), "--db-user", PostgresDatabase.USER, "--port", "0", "--heartbeat", "PT0.3S",
                        "--missed-heartbeats", "4", "--lease", LEASE.toSeconds() + "s"), Map.of(),
                        dir.resolve("node" + i + ".log")));
            }
            try {
                nodes.get(0).start().awaitListening(Duration.ofSeconds(60));   // creates the schema alone
                nodes.get(1).start().awaitListening(Duration.ofSeconds(60));
                List<Long> stoppedPids = new ArrayList<>();
                for (ServeNode node : nodes) {
                    // a SIGTERM can land between two harvests (the lease taken, its run row not yet written, or the
                    // run just ended: more likely on a loaded machine); the node is then restarted and tried again,
                    // until one stop interrupted a run
                    for (int attempt = 1; attempt <= 5; attempt++) {
                        awaitHolding(db, node);
                        long pid = node.pid();
                        assertThat(node.stop(Duration.ofSeconds(30))).as("%s exits 0 after SIGTERM:%n%s", node.name(),
                                node.log()).isTrue();
                        node.start().awaitListening(Duration.ofSeconds(60));
                        if (count(db, "SELECT COUNT(*) FROM runs WHERE status = 'interrupted' AND holder_pid = "
                                + pid) > 0) {
                            stoppedPids.add(pid);
                            break;
                        }
                    }
                }
                assertThat(stoppedPids).as("a SIGTERM of each node interrupted one of its runs").hasSize(nodes.size());
                Map<String, Map<String, String>> expected = new TreeMap<>();
                pubs.sources().forEach((id, source) -> {
                    if (!source.active().isEmpty()) {   // all deleted: no active row in the store either
                        expected.put(id, new TreeMap<>(source.active()));
                    }
                });
                Map<String, Map<String, String>> actual = Map.of();
                for (int i = 0; i < 120 && !actual.equals(expected); i++) {
                    Thread.sleep(250);
                    actual = active(db);
                }
                assertThat(actual).as("the store's active resources equal the publishers'").isEqualTo(expected);
                for (ServeNode node : nodes) {
                    assertThat(node.stop(Duration.ofSeconds(30))).as("%s exits 0 after SIGTERM", node.name()).isTrue();
                }

                assertThat(count(db, "SELECT COUNT(*) FROM runs WHERE status = 'running'"))
                        .as("runs left running once every node stopped").isZero();
                for (long pid : stoppedPids) {
                    try (PreparedStatement st = db.prepareStatement("SELECT r.source_id FROM runs r WHERE"
                            + " r.status = 'interrupted' AND r.holder_pid = ? AND EXISTS (SELECT 1 FROM runs later"
                            + " WHERE later.source_id = r.source_id AND later.id > r.id AND later.status = 'succeeded')")) {
                        st.setLong(1, pid);
                        try (ResultSet rs = st.executeQuery()) {
                            assertThat(rs.next()).as("a run of node %d interrupted by SIGTERM, then resumed to success",
                                    pid).isTrue();
                        }
                    }
                }
                assertThat(count(db, "SELECT COUNT(*) FROM (SELECT source_id, resource_uri, kind, checksums"
                        + " FROM journal GROUP BY source_id, resource_uri, kind, checksums HAVING COUNT(*) > 1) d"))
                        .as("journal rows there twice").isZero();
            } finally {
                for (ServeNode n : nodes) {
                    n.destroy();
                }
            }
        }
    }

    /** Waits (at most 30 s) until {@code node} holds a source's lease: the SIGTERM then lands mid-harvest. */
    private static void awaitHolding(Connection db, ServeNode node) throws Exception {
        try (PreparedStatement st = db.prepareStatement("SELECT COUNT(*) FROM source_leases WHERE holder_pid = ?")) {
            st.setLong(1, node.pid());
            for (int i = 0; i < 1500; i++) {
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next() && rs.getLong(1) > 0) {
                        return;
                    }
                } catch (SQLException beforeTheSchema) {
                    // the first node is still migrating
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError(node.name() + " held no source within 30 s:\n" + node.log());
    }

    private static Map<String, Map<String, String>> active(Connection db) throws SQLException {
        Map<String, Map<String, String>> out = new TreeMap<>();
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT source_id, uri, source_ts FROM resources WHERE status = 'active'")) {
            while (rs.next()) {
                out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>()).put(rs.getString(2), rs.getString(3));
            }
        }
        return out;
    }

    private static long count(Connection db, String sql) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
