package org.lexsync.engine.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;

/**
 * Per-URL validators and last status, so that source documents are fetched with a conditional GET
 * (docs/architecture.md, invariant 4). Obtain through {@link Store#fetchCache()}.
 */
public final class FetchCache {
    private final Db db;

    FetchCache(Db db) {
        this.db = db;
    }

    public Optional<FetchCacheEntry> get(String url) {
        return db.read("read fetch cache", c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT url, etag, last_modified, last_status, sha256, fetched_at FROM fetch_cache WHERE url = ?")) {
                st.setString(1, url);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next()
                            ? Optional.of(new FetchCacheEntry(rs.getString(1), rs.getString(2), rs.getString(3),
                            rs.getInt(4), rs.getString(5), Resources.instant(rs.getString(6))))
                            : Optional.<FetchCacheEntry>empty();
                }
            }
        });
    }

    public void put(FetchCacheEntry e) {
        db.write("write fetch cache", c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO fetch_cache (url, etag, last_modified,"
                    + " last_status, sha256, fetched_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (url) DO UPDATE SET"
                    + " etag = excluded.etag, last_modified = excluded.last_modified,"
                    + " last_status = excluded.last_status, sha256 = excluded.sha256, fetched_at = excluded.fetched_at")) {
                st.setString(1, e.url());
                st.setString(2, e.etag());
                st.setString(3, e.lastModified());
                st.setInt(4, e.lastStatus());
                st.setString(5, e.sha256());
                st.setString(6, (e.fetched() == null ? java.time.Instant.now() : e.fetched()).toString());
                st.executeUpdate();
            }
            return null;
        });
    }
}
