package org.lexsync.engine.store;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.SourceRecord;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The registered sources and their checkpoints. Obtain through {@link Store#sources()}. */
public final class Sources {
    private final Db db;

    Sources(Db db) {
        this.db = db;
    }

    /** Registers a source or replaces its settings (its checkpoint and resources stay). */
    public void put(SourceRecord s) {
        db.write("save source " + s.id(), c -> {
            String now = Db.now();
            try (PreparedStatement st = c.prepareStatement(
                    "INSERT INTO sources (id, protocol, entry_urls, schedule, politeness, approved, contact, created_at,"
                            + " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
                            + " protocol = excluded.protocol, entry_urls = excluded.entry_urls, schedule = excluded.schedule,"
                            + " politeness = excluded.politeness, approved = excluded.approved, contact = excluded.contact,"
                            + " updated_at = excluded.updated_at")) {
                st.setString(1, s.id());
                st.setString(2, s.protocol());
                st.setString(3, String.join("\n", s.entryUrls()));
                st.setString(4, s.schedule());
                st.setString(5, s.politeness());
                st.setInt(6, s.approved() ? 1 : 0);
                st.setString(7, s.contact());
                st.setString(8, now);
                st.setString(9, now);
                st.executeUpdate();
            }
            db.notifyJournal(c);   // a new source is a new feed on every node
            return null;
        });
    }

    public Optional<SourceRecord> get(String id) {
        return db.read("read source " + id, c -> {
            try (PreparedStatement st = c.prepareStatement(SELECT + " WHERE id = ?")) {
                st.setString(1, id);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(map(rs)) : Optional.<SourceRecord>empty();
                }
            }
        });
    }

    /** All sources ordered by id. */
    public List<SourceRecord> list() {
        return db.read("list sources", c -> {
            List<SourceRecord> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(SELECT + " ORDER BY id"); ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(map(rs));
                }
            }
            return out;
        });
    }

    /** The protocol-specific cursor reached by the last committed change, if any. */
    public Optional<String> checkpoint(String sourceId) {
        return db.read("read checkpoint of " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT value FROM checkpoints WHERE source_id = ?")) {
                st.setString(1, sourceId);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    /**
     * Moves the checkpoint on its own, for a planner that reached a point with no change to commit (changes
     * carry their checkpoint through {@link Store#commit}).
     */
    public void setCheckpoint(String sourceId, String value) {
        setCheckpoint(sourceId, value, null);
    }

    /**
     * As {@link #setCheckpoint(String, String)} for the holder of {@code fence} (null: not fenced): refused with a
     * {@link org.lexsync.engine.model.FencedException}, writing nothing, when the source's lease moved on.
     */
    public void setCheckpoint(String sourceId, String value, @Nullable LeaseFence fence) {
        db.write("set checkpoint of " + sourceId, c -> {
            if (fence != null) {
                SourceLeases.check(c, fence);
            }
            Checkpoints.set(c, sourceId, value, Db.now());
            return null;
        });
    }

    private static final String SELECT =
            "SELECT id, protocol, entry_urls, schedule, politeness, approved, contact FROM sources";

    private static SourceRecord map(ResultSet rs) throws SQLException {
        String urls = rs.getString(3);
        return new SourceRecord(rs.getString(1), rs.getString(2),
                urls == null || urls.isEmpty() ? List.of() : Arrays.asList(urls.split("\n")),
                rs.getString(4), rs.getString(5), rs.getInt(6) != 0, rs.getString(7));
    }
}
