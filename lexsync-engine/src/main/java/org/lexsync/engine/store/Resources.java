package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceStatus;
import org.lexsync.engine.model.ResourceSummary;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;

/** Reads the current state of resources and their files. Obtain through {@link Store#resources()}. */
public final class Resources {
    private static final String RESOURCE_COLUMNS = "source_id, uri, status, source_ts, published, title, links,"
            + " checksums, first_harvested, last_harvested, last_seq";
    private static final String REP_COLUMNS = "source_id, resource_uri, url, role, media_type, length, md5, sha256,"
            + " blob_key, etag, last_modified, links";

    private final Db db;

    Resources(Db db) {
        this.db = db;
    }

    /** One resource with its files, including tombstones. */
    public Optional<ResourceState> get(String sourceId, String uri) {
        return db.read("read resource " + uri, c -> {
            List<RepresentationState> reps = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT " + REP_COLUMNS
                    + " FROM representations WHERE source_id = ? AND resource_uri = ? ORDER BY ordinal")) {
                st.setString(1, sourceId);
                st.setString(2, uri);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        reps.add(rep(rs));
                    }
                }
            }
            try (PreparedStatement st = c.prepareStatement("SELECT " + RESOURCE_COLUMNS
                    + " FROM resources WHERE source_id = ? AND uri = ?")) {
                st.setString(1, sourceId);
                st.setString(2, uri);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(resource(rs, reps)) : Optional.<ResourceState>empty();
                }
            }
        });
    }

    /**
     * The resources of one source with these URIs (tombstones included), keyed by URI; URIs not in the
     * store are absent. One round trip per few hundred URIs, for callers that look up many at once.
     */
    public Map<String, ResourceState> getAll(String sourceId, Collection<String> uris) {
        Map<String, ResourceState> out = new HashMap<>();
        if (uris.isEmpty()) {
            return out;
        }
        List<String> all = List.copyOf(new LinkedHashSet<>(uris));
        db.read("read resources", c -> {
            for (int from = 0; from < all.size(); from += IN_CHUNK) {
                List<String> chunk = all.subList(from, Math.min(all.size(), from + IN_CHUNK));
                // resources first: for URIs not stored yet (a first harvest, a new group) there is nothing more to read
                Map<String, ResourceState> found = new HashMap<>();
                try (PreparedStatement st = c.prepareStatement("SELECT " + RESOURCE_COLUMNS + " FROM resources"
                        + " WHERE source_id = ? AND uri " + StringList.membership(db.sqlite()))) {
                    bind(c, st, sourceId, chunk);
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            found.put(rs.getString(2), resource(rs, List.of()));
                        }
                    }
                }
                if (found.isEmpty()) {
                    continue;
                }
                Map<String, List<RepresentationState>> reps = new HashMap<>();
                try (PreparedStatement st = c.prepareStatement("SELECT " + REP_COLUMNS + " FROM representations"
                        + " WHERE source_id = ? AND resource_uri " + StringList.membership(db.sqlite())
                        + " ORDER BY resource_uri, ordinal")) {
                    bind(c, st, sourceId, List.copyOf(found.keySet()));
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            reps.computeIfAbsent(rs.getString(2), k -> new ArrayList<>()).add(rep(rs));
                        }
                    }
                }
                found.forEach((uri, state) -> out.put(uri, withRepresentations(state, reps.getOrDefault(uri, List.of()))));
            }
            return null;
        });
        return out;
    }

    private static final int IN_CHUNK = 500;

    private void bind(Connection c, PreparedStatement st, String sourceId, List<String> uris) throws SQLException {
        st.setString(1, sourceId);
        StringList.bind(c, st, 2, uris, db.sqlite());
    }

    /**
     * Streams resources ordered by source and URI to {@code visitor} without holding them in memory;
     * {@code sourceId} null means all sources; tombstones only when {@code includeDeleted}.
     */
    public void forEach(String sourceId, boolean includeDeleted, Consumer<ResourceState> visitor) {
        db.stream("list resources", c -> {
            stream(c, sourceId, includeDeleted, visitor);
            return null;
        });
    }

    /**
     * Streams what {@code lexsync resources} shows of the current resources ({@code sourceId} null for all
     * sources; tombstones only with {@code includeDeleted}), in source and URI order: one joined query over
     * both primary-key indexes, reading only the listed columns.
     */
    public void forEachSummary(String sourceId, boolean includeDeleted, Consumer<ResourceSummary> visitor) {
        db.stream("list resources", c -> {
            streamSummaries(c, sourceId, includeDeleted, null, null, Long.MAX_VALUE, visitor);
            return null;
        });
    }

    /**
     * One page of {@link #forEachSummary}: at most {@code limit} resources in (source, URI) order that come after
     * the resource ({@code afterSource}, {@code afterUri}), or from the first one when those are null. Keyset
     * pagination, so a page boundary stays put while resources are added or deleted elsewhere.
     */
    public void forEachSummaryAfter(String sourceId, boolean includeDeleted, String afterSource, String afterUri,
                                    long limit, Consumer<ResourceSummary> visitor) {
        db.stream("list resources", c -> {
            streamSummaries(c, sourceId, includeDeleted, afterSource, afterUri, limit, visitor);
            return null;
        });
    }

    /**
     * Streams the URIs of one source's active resources in URI order, without reading their state: for
     * callers that only need to know what is there (an audit's "extra" resources).
     */
    public void forEachActiveUri(String sourceId, Consumer<String> visitor) {
        db.stream("list resource URIs", c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT uri FROM resources WHERE source_id = ? AND status = 'active' ORDER BY uri")) {
                st.setFetchSize(1000);
                st.setString(1, sourceId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(rs.getString(1));
                    }
                }
            }
            return null;
        });
    }

    /** Number of resources (active only unless {@code includeDeleted}); {@code sourceId} null for all. */
    public long count(String sourceId, boolean includeDeleted) {
        return db.read("count resources", c -> {
            String sql = "SELECT COUNT(*) FROM resources WHERE 1 = 1"
                    + (sourceId == null ? "" : " AND source_id = ?")
                    + (includeDeleted ? "" : " AND status = 'active'");
            try (PreparedStatement st = c.prepareStatement(sql)) {
                if (sourceId != null) {
                    st.setString(1, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    /**
     * For every source holding an active resource: how many it holds and the newest source timestamp among them, in
     * one grouped query over the index {@code resources_by_source_ts} (V22). The newest is the greatest stored text:
     * source timestamps are kept in their canonical W3C form, which sorts as time for one offset (sources write UTC
     * or one local offset); across offsets it can be off by the offsets' difference, which an overview's lag bears.
     */
    public List<org.lexsync.engine.model.SourceHoldings> heldPerSource() {
        return db.read("count resources per source", c -> {
            List<org.lexsync.engine.model.SourceHoldings> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT source_id, COUNT(*), MAX(source_ts) FROM resources"
                    + " WHERE status = 'active' GROUP BY source_id ORDER BY source_id");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    String ts = rs.getString(3);
                    out.add(new org.lexsync.engine.model.SourceHoldings(rs.getString(1), rs.getLong(2),
                            ts == null ? null : W3cDateTimes.parseOrNull(ts)));
                }
            }
            return out;
        });
    }

    /**
     * The resources (tombstones included) of every source whose URI is {@code uri}, in source order: one seek of the
     * journal's index by URI ({@code journal_by_uri}) for the sources that ever held it, then one primary-key read
     * each. The summaries carry no files.
     */
    public List<ResourceSummary> withUri(String uri, int limit) {
        return find("find resource " + uri, "r.uri = ? AND r.source_id IN (SELECT DISTINCT j.source_id FROM journal j"
                + " WHERE j.resource_uri = ?)", List.of(uri, uri), limit);
    }

    /**
     * At most {@code limit} resources (tombstones included) whose URI or title contains {@code text}, ignoring case
     * (ASCII), in (source, URI) order. No index helps a contains: it scans the resources in primary-key order and
     * stops at the {@code limit}-th match, so a rare text reads the whole table (docs/api.md, "Documents").
     */
    public List<ResourceSummary> containing(String text, int limit) {
        String pattern = "%" + text.toLowerCase(java.util.Locale.ROOT).replace("!", "!!").replace("%", "!%")
                .replace("_", "!_") + "%";
        return find("search resources", "lower(r.uri) LIKE ? ESCAPE '!' OR lower(COALESCE(r.title, '')) LIKE ?"
                + " ESCAPE '!'", List.of(pattern, pattern), limit);
    }

    private List<ResourceSummary> find(String operation, String where, List<String> args, int limit) {
        return db.read(operation, c -> {
            List<ResourceSummary> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT r.source_id, r.uri, r.status, r.source_ts, r.title,"
                    + " r.last_harvested, r.last_seq FROM resources r WHERE " + where
                    + " ORDER BY r.source_id, r.uri LIMIT " + Math.max(1, limit))) {
                for (int i = 0; i < args.size(); i++) {
                    st.setString(i + 1, args.get(i));
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        String ts = rs.getString(4);
                        out.add(new ResourceSummary(rs.getString(1), rs.getString(2),
                                ResourceStatus.fromToken(rs.getString(3)), ts == null ? null : W3cDateTimes.parseOrNull(ts),
                                rs.getString(5), instant(rs.getString(6)), rs.getLong(7), List.of()));
                    }
                }
            }
            return out;
        });
    }

    private static void stream(Connection c, String sourceId, boolean includeDeleted,
                               Consumer<ResourceState> visitor) throws SQLException {
        String where = sourceId == null ? "" : " WHERE source_id = ?";
        String resWhere = where + (includeDeleted ? "" : (where.isEmpty() ? " WHERE" : " AND") + " status = 'active'");
        try (PreparedStatement rst = c.prepareStatement("SELECT " + RESOURCE_COLUMNS + " FROM resources" + resWhere
                + " ORDER BY source_id, uri");
             PreparedStatement pst = c.prepareStatement("SELECT " + REP_COLUMNS + " FROM representations" + where
                     + " ORDER BY source_id, resource_uri, ordinal")) {
            rst.setFetchSize(500);
            pst.setFetchSize(500);
            if (sourceId != null) {
                rst.setString(1, sourceId);
                pst.setString(1, sourceId);
            }
            try (ResultSet rs = rst.executeQuery(); ResultSet ps = pst.executeQuery()) {
                boolean more = ps.next();
                while (rs.next()) {
                    String src = rs.getString(1);
                    String uri = rs.getString(2);
                    List<RepresentationState> reps = new ArrayList<>(2);
                    // Both cursors share one ORDER BY, so the files of this resource come next (if it has any).
                    while (more && src.equals(ps.getString(1)) && uri.equals(ps.getString(2))) {
                        reps.add(rep(ps));
                        more = ps.next();
                    }
                    visitor.accept(resource(rs, reps));
                }
            }
        }
    }

    private static void streamSummaries(Connection c, String sourceId, boolean includeDeleted, String afterSource,
                                        String afterUri, long limit, Consumer<ResourceSummary> visitor)
            throws SQLException {
        boolean after = afterSource != null && afterUri != null;
        String where = (sourceId == null ? "" : " AND r.source_id = ?") + (includeDeleted ? "" : " AND r.status = 'active'")
                + (after ? " AND (r.source_id > ? OR (r.source_id = ? AND r.uri > ?))" : "");
        try (PreparedStatement st = c.prepareStatement("SELECT r.source_id, r.uri, r.status, r.source_ts, r.title,"
                + " r.last_harvested, r.last_seq, p.url, p.role, p.media_type, p.length, p.md5, p.sha256"
                + " FROM resources r LEFT JOIN representations p ON p.source_id = r.source_id AND p.resource_uri = r.uri"
                + " WHERE 1 = 1" + where + " ORDER BY r.source_id, r.uri, p.ordinal")) {
            st.setFetchSize((int) Math.min(500, Math.max(1, limit * 2)));
            int i = 1;
            if (sourceId != null) {
                st.setString(i++, sourceId);
            }
            if (after) {
                st.setString(i++, afterSource);
                st.setString(i++, afterSource);
                st.setString(i, afterUri);
            }
            long n = 0;
            try (ResultSet rs = st.executeQuery()) {
                boolean more = rs.next();
                while (more && n++ < limit) {
                    String src = rs.getString(1);
                    String uri = rs.getString(2);
                    String status = rs.getString(3);
                    String ts = rs.getString(4);
                    String title = rs.getString(5);
                    String harvested = rs.getString(6);
                    long seq = rs.getLong(7);
                    List<ResourceSummary.File> files = new ArrayList<>(2);
                    // A resource's files are the rows that follow with its key (none: one row of nulls).
                    do {
                        String role = rs.getString(9);
                        if (role != null) {
                            files.add(new ResourceSummary.File(rs.getString(8), RepresentationRole.fromToken(role),
                                    rs.getString(10), rs.getLong(11), rs.getString(12), rs.getString(13)));
                        }
                        more = rs.next();
                    } while (more && uri.equals(rs.getString(2)) && src.equals(rs.getString(1)));
                    visitor.accept(new ResourceSummary(src, uri, ResourceStatus.fromToken(status),
                            ts == null ? null : W3cDateTimes.parseOrNull(ts), title, instant(harvested), seq, files));
                }
            }
        }
    }

    private static ResourceState resource(ResultSet rs, List<RepresentationState> reps) throws SQLException {
        String ts = rs.getString(4);
        return new ResourceState(rs.getString(1), rs.getString(2), ResourceStatus.fromToken(rs.getString(3)),
                ts == null ? null : W3cDateTimes.parseOrNull(ts), rs.getString(5), rs.getString(6),
                LinkCodec.decode(rs.getString(7)), Digests.parse(rs.getString(8)), instant(rs.getString(9)),
                instant(rs.getString(10)), rs.getLong(11), reps);
    }

    private static ResourceState withRepresentations(ResourceState s, List<RepresentationState> reps) {
        return new ResourceState(s.sourceId(), s.uri(), s.status(), s.sourceTimestamp(), s.published(), s.title(),
                s.links(), s.checksums(), s.firstHarvested(), s.lastHarvested(), s.lastSeq(), reps);
    }

    private static RepresentationState rep(ResultSet rs) throws SQLException {
        String url = rs.getString(3);
        return new RepresentationState(url == null ? null : URI.create(url),
                RepresentationRole.fromToken(rs.getString(4)), rs.getString(5), rs.getLong(6), rs.getString(7),
                rs.getString(8), new BlobKey(rs.getString(9)), rs.getString(10), rs.getString(11),
                LinkCodec.decode(rs.getString(12)));
    }

    static Instant instant(String s) {
        return StoredInstants.parse(s);
    }
}
