package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lexsync.engine.model.NodeStatus;

/**
 * The node table (issue 32, {@code V21__nodes.sql}): each {@code lexsync serve} process writes its row when it starts
 * and at every heartbeat ({@link #beat}), and deletes it when it stops ({@link #leave}); {@link #list} reads every
 * node with the sources and runs it holds. A node is this process's pid and host, as in leases and runs. Obtain
 * through {@link Store#nodes()}.
 */
public final class Nodes {
    /** Rows silent longer than this are deleted at the next beat of any node. */
    static final Duration FORGET_AFTER = Duration.ofDays(7);

    private final Db db;

    Nodes(Db db) {
        this.db = db;
    }

    /** This process's node id, {@code pid@host}. */
    public static String currentId() {
        RunHolder me = RunHolder.current();
        return me.pid() + "@" + me.host();
    }

    /** Writes this node's row: reached at {@code address}, of {@code version}, started at {@code started}, beating now. */
    public void beat(String address, String version, Instant started) {
        RunHolder me = RunHolder.current();
        long now = System.currentTimeMillis();
        db.write("write the heartbeat of node " + currentId(), c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO nodes (id, pid, host, address, version,"
                    + " started_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
                    + " address = excluded.address, version = excluded.version, started_at = excluded.started_at,"
                    + " heartbeat_at = excluded.heartbeat_at")) {
                st.setString(1, currentId());
                st.setLong(2, me.pid());
                st.setString(3, me.host());
                st.setString(4, address);
                st.setString(5, version);
                st.setString(6, started.toString());
                st.setLong(7, now);
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement("DELETE FROM nodes WHERE heartbeat_at < ?")) {
                st.setLong(1, now - FORGET_AFTER.toMillis());
                st.executeUpdate();
            }
            return null;
        });
    }

    /** Deletes this node's row (a clean stop). */
    public void leave() {
        db.write("remove node " + currentId(), c -> {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM nodes WHERE id = ?")) {
                st.setString(1, currentId());
                st.executeUpdate();
            }
            return null;
        });
    }

    /** Every node with a row, by id, with the sources it holds a lease on and the runs it is running. */
    public List<NodeStatus> list() {
        return db.read("list nodes", c -> {
            Map<String, Row> rows = new LinkedHashMap<>();
            try (PreparedStatement st = c.prepareStatement("SELECT id, pid, host, address, version, started_at,"
                    + " heartbeat_at FROM nodes ORDER BY id");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    rows.put(rs.getLong(2) + "@" + rs.getString(3), new Row(rs.getString(1), rs.getString(4),
                            rs.getString(5), StoredInstants.parse(rs.getString(6)), Instant.ofEpochMilli(rs.getLong(7)),
                            new ArrayList<>(), new ArrayList<>()));
                }
            }
            held(c, "SELECT holder_pid, holder_host, source_id FROM source_leases ORDER BY source_id", rows, true);
            held(c, "SELECT holder_pid, holder_host, id FROM runs WHERE status = 'running' AND holder_pid IS NOT NULL"
                    + " ORDER BY id", rows, false);
            return rows.values().stream().map(r -> new NodeStatus(r.id, r.address, r.version, r.started, r.heartbeat,
                    r.sources, r.runs)).toList();
        });
    }

    private static void held(Connection c, String sql, Map<String, Row> rows, boolean sources) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                Row r = rows.get(rs.getLong(1) + "@" + rs.getString(2));
                if (r != null) {
                    if (sources) {
                        r.sources.add(rs.getString(3));
                    } else {
                        r.runs.add(rs.getLong(3));
                    }
                }
            }
        }
    }

    private record Row(String id, String address, String version, Instant started, Instant heartbeat,
                       List<String> sources, List<Long> runs) {
    }
}
