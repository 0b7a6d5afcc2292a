package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.IngestLogEntry;

/**
 * The ingested document groups and the crawler log (EUCases D2.1 §3.2; {@code V10__document_groups.sql}). Obtain
 * through {@link Store#documentGroups()}. Groups change only inside a {@link CommitBatch} (with their documents'
 * journal rows); log rows of rejected uploads are written on their own.
 */
public final class DocumentGroups {
    private final Db db;

    DocumentGroups(Db db) {
        this.db = db;
    }

    /** A stored group: its row and the documents it holds. */
    public record StoredGroup(String groupId, String sourceId, String operation, boolean deleted, String fingerprint,
                              List<GroupWrite.Member> members) {
        public StoredGroup {
            members = List.copyOf(members);
        }
    }

    /** The group with this identifier (lower-cased GUID), whoever owns it. */
    public Optional<StoredGroup> get(String groupId) {
        return db.read("read document group " + groupId, c -> {
            String source;
            String operation;
            String status;
            String fingerprint;
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT source_id, operation, status, fingerprint FROM document_groups WHERE group_id = ?")) {
                s.setString(1, groupId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.<StoredGroup>empty();
                    }
                    source = rs.getString(1);
                    operation = rs.getString(2);
                    status = rs.getString(3);
                    fingerprint = rs.getString(4);
                }
            }
            List<GroupWrite.Member> members = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT resource_uri, identifier, file, md5"
                    + " FROM document_group_members WHERE group_id = ? ORDER BY resource_uri")) {
                s.setString(1, groupId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        members.add(new GroupWrite.Member(rs.getString(1), rs.getString(2), rs.getString(3),
                                rs.getString(4)));
                    }
                }
            }
            return Optional.of(new StoredGroup(groupId, source, operation, "deleted".equals(status), fingerprint,
                    members));
        });
    }

    /** The groups with these identifiers (lower-cased GUIDs) that the store holds, by identifier; one round trip each table. */
    public java.util.Map<String, StoredGroup> getAll(Collection<String> groupIds) {
        if (groupIds.isEmpty()) {
            return java.util.Map.of();
        }
        List<String> ids = List.copyOf(new java.util.LinkedHashSet<>(groupIds));
        return db.read("read document groups", c -> {
            java.util.Map<String, String[]> rows = new java.util.HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT group_id, source_id, operation, status, fingerprint"
                    + " FROM document_groups WHERE group_id " + StringList.membership(db.sqlite()))) {
                StringList.bind(c, s, 1, ids, db.sqlite());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows.put(rs.getString(1), new String[]{rs.getString(2), rs.getString(3), rs.getString(4),
                                rs.getString(5)});
                    }
                }
            }
            java.util.Map<String, List<GroupWrite.Member>> members = new java.util.HashMap<>();
            if (!rows.isEmpty()) {
                try (PreparedStatement s = c.prepareStatement("SELECT group_id, resource_uri, identifier, file, md5"
                        + " FROM document_group_members WHERE group_id " + StringList.membership(db.sqlite())
                        + " ORDER BY group_id, resource_uri")) {
                    StringList.bind(c, s, 1, List.copyOf(rows.keySet()), db.sqlite());
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            members.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(new GroupWrite.Member(
                                    rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
                        }
                    }
                }
            }
            java.util.Map<String, StoredGroup> out = new java.util.HashMap<>();
            rows.forEach((id, r) -> out.put(id, new StoredGroup(id, r[0], r[1], "deleted".equals(r[2]), r[3],
                    members.getOrDefault(id, List.of()))));
            return out;
        });
    }

    /**
     * Those of {@code uris} that a group of {@code sourceId} other than {@code groupId} holds: a document shared by
     * several groups of one crawler (a stylesheet, a seal) stays while any of them holds it.
     */
    public Set<String> heldByOtherGroups(String sourceId, String groupId, Collection<String> uris) {
        if (uris.isEmpty()) {
            return Set.of();
        }
        return db.read("read document group members of " + sourceId, c -> {
            Set<String> held = new HashSet<>();
            try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT resource_uri FROM document_group_members"
                    + " WHERE source_id = ? AND group_id <> ? AND resource_uri " + StringList.membership(db.sqlite()))) {
                s.setString(1, sourceId);
                s.setString(2, groupId);
                StringList.bind(c, s, 3, List.copyOf(uris), db.sqlite());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        held.add(rs.getString(1));
                    }
                }
            }
            return held;
        });
    }

    /** Writes the log row of an upload that changed nothing (rejected, or an identical re-send); returns its id. */
    public long log(GroupWrite.LogRow row) {
        return db.write("write crawler log", c -> insertLog(c, row, 0));
    }

    /**
     * The latest crawler log rows, newest first: of one crawler (all when null), with ids below {@code beforeId}
     * (all when null), at most {@code limit}.
     */
    public List<IngestLogEntry> log(@Nullable String crawler, @Nullable Long beforeId, int limit) {
        return db.read("read crawler log", c -> {
            StringBuilder sql = new StringBuilder("SELECT id, at, remote, crawler, group_id, operation, zip_length,"
                    + " outcome, error_class, message, changes FROM crawler_log WHERE 1 = 1");
            if (crawler != null) {
                sql.append(" AND crawler = ?");
            }
            if (beforeId != null) {
                sql.append(" AND id < ?");
            }
            sql.append(" ORDER BY id DESC LIMIT ?");
            List<IngestLogEntry> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(sql.toString())) {
                int i = 1;
                if (crawler != null) {
                    s.setString(i++, crawler);
                }
                if (beforeId != null) {
                    s.setLong(i++, beforeId);
                }
                s.setInt(i, limit);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new IngestLogEntry(rs.getLong(1), Instant.parse(rs.getString(2)), rs.getString(3),
                                rs.getString(4), rs.getString(5), rs.getString(6), rs.getLong(7), rs.getString(8),
                                rs.getString(9), rs.getString(10), rs.getInt(11)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Writes the groups' rows, their members and their log rows inside the batch's transaction: one statement batch
     * per table for all of them (a group commit holds up to 64 groups; one round trip per row made the commit's
     * cost grow with its groups). Log ids follow the groups' order.
     */
    static void writeAll(Connection c, List<GroupWrite> groups, boolean sqlite) throws SQLException {
        if (groups.isEmpty()) {
            return;
        }
        String now = Db.now();
        RowInserts.Rows rows = GROUPS.rows();
        for (GroupWrite g : groups) {
            rows.add(g.groupId(), g.sourceId(), g.operation(), g.deleted() ? "deleted" : "active", g.fingerprint(),
                    g.filename(), g.lang(), g.groupType(), g.crawledAt(), now);
        }
        rows.insert(c, sqlite);
        List<String> replaced = groups.stream().filter(GroupWrite::replacing).map(GroupWrite::groupId).toList();
        if (!replaced.isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM document_group_members WHERE group_id "
                    + StringList.membership(sqlite))) {
                StringList.bind(c, s, 1, replaced, sqlite);
                s.executeUpdate(); // one statement for the transaction's groups, not one per group
            }
        }
        RowInserts.Rows members = MEMBERS.rows();
        for (GroupWrite g : groups) {
            for (GroupWrite.Member m : g.members()) {
                members.add(g.groupId(), g.sourceId(), m.resourceUri(), m.identifier(), m.file(), m.md5());
            }
        }
        members.insert(c, sqlite);
        long id = takeLogIds(c, groups.size()) - groups.size();
        RowInserts.Rows log = LOG.rows();
        for (GroupWrite g : groups) {
            log.add(logRow(++id, g.log(), g.changes()));
        }
        log.insert(c, sqlite);
    }

    private static final RowInserts GROUPS = RowInserts.of("document_groups", List.of("group_id text",
            "source_id text", "operation text", "status text", "fingerprint text", "filename text", "lang text",
            "group_type integer", "crawled_at text", "updated_at text"), " ON CONFLICT (group_id) DO UPDATE SET"
            + " source_id = excluded.source_id, operation = excluded.operation, status = excluded.status,"
            + " fingerprint = excluded.fingerprint, filename = excluded.filename, lang = excluded.lang,"
            + " group_type = excluded.group_type, crawled_at = excluded.crawled_at,"
            + " updated_at = excluded.updated_at");
    private static final RowInserts MEMBERS = RowInserts.of("document_group_members", List.of("group_id text",
            "source_id text", "resource_uri text", "identifier text", "file text", "md5 text"), "");
    private static final RowInserts LOG = RowInserts.of("crawler_log", List.of("id bigint", "at text",
            "remote text", "crawler text", "group_id text", "operation text", "zip_length bigint", "outcome text",
            "error_class text", "message text", "changes integer"), "");

    /** Takes {@code n} crawler log ids (the counter's row stays locked until the transaction ends); returns the last. */
    private static long takeLogIds(Connection c, int n) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE counters SET value = value + ? WHERE name = 'crawler_log' RETURNING value")) {
            s.setInt(1, n);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static Object[] logRow(long id, GroupWrite.LogRow row, int changes) {
        return new Object[] {id, Db.now(), row.remote(), row.crawler(), row.groupId(), row.operation(),
                row.zipLength(), row.outcome(), row.errorClass(), row.message(), changes};
    }

    private static long insertLog(Connection c, GroupWrite.LogRow row, int changes) throws SQLException {
        long id = takeLogIds(c, 1);
        RowInserts.Rows rows = LOG.rows();
        rows.add(logRow(id, row, changes));
        rows.insert(c, false); // one row: one plain insert on either store
        return id;
    }
}
