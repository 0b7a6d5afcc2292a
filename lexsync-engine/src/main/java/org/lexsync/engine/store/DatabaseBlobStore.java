package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.function.Consumer;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * Small blobs kept in the database's {@code blobs} table (docs/architecture.md, invariant 2: SQLite reads and writes
 * small blobs faster than the filesystem). A put here is its own transaction; the applier instead sends small blobs as
 * {@link InlineBlob}s inside the batch that references them.
 */
final class DatabaseBlobStore implements BlobStore {
    private final Db db;

    DatabaseBlobStore(Db db) {
        this.db = db;
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        BlobKey key = put(bytes);
        Files.deleteIfExists(file);
        return key;
    }

    @Override
    public BlobKey put(byte[] bytes) {
        BlobKey key = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes));
        db.write("store small blob " + key, c -> {
            try (PreparedStatement st = c.prepareStatement(SmallBlobs.UPSERT)) {
                st.setString(1, key.sha256());
                st.setLong(2, bytes.length);
                st.setBytes(3, bytes);
                st.executeUpdate();
            }
            return null;
        });
        return key;
    }

    /** The bytes, or null when the database does not hold this blob. */
    byte[] read(BlobKey key) {
        return db.read("read small blob " + key, c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT data FROM blobs WHERE sha256 = ?")) {
                st.setString(1, key.sha256());
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? rs.getBytes(1) : null;
                }
            }
        });
    }

    @Override
    public InputStream open(BlobKey key) {
        byte[] bytes = read(key);
        if (bytes == null) {
            throw new NoSuchBlobException(key);
        }
        return new ByteArrayInputStream(bytes);
    }

    @Override
    public boolean exists(BlobKey key) {
        return db.read("find small blob " + key, c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM blobs WHERE sha256 = ?")) {
                st.setString(1, key.sha256());
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    @Override
    public boolean delete(BlobKey key) {
        return db.write("delete small blob " + key, c -> {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM blobs WHERE sha256 = ?")) {
                st.setString(1, key.sha256());
                return st.executeUpdate() > 0;
            }
        });
    }

    @Override
    public void forEach(Consumer<BlobInfo> visitor) {
        db.stream("list small blobs", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT sha256, length FROM blobs")) {
                st.setFetchSize(1000);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(new BlobInfo(new BlobKey(rs.getString(1)), rs.getLong(2), null));
                    }
                }
            }
            return null;
        });
    }
}
