package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * Which of a page of blob keys a current representation references, in one query ({@code lexsync gc}): the garbage
 * collector asks per page of listed blobs instead of once per blob, through the {@code representations_by_blob} index.
 */
final class ReferencedBlobs {
    private ReferencedBlobs() {
    }

    /** The SHA-256 hex strings among {@code keys} that some representation holds. */
    static Set<String> among(Connection c, boolean sqlite, List<String> keys) throws SQLException {
        return KeysAmong.select(c, sqlite, "SELECT DISTINCT blob_key FROM representations WHERE blob_key", keys);
    }
}
