package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * A blob is dated by the collection of the first version stored with it ({@code Journal.firstCollected}, the
 * served blob's Last-Modified; issue 28): the current file of a resource, a replaced one, none for unknown bytes.
 */
class BlobCollectionTimeTest {
    @TempDir
    Path dir;

    private static ResourceWrite version(String uri, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        String sha = sha(content);
        return new ResourceWrite(uri, false, null, null, "t", List.of(), List.of(new RepresentationState(
                URI.create(uri + ".pdf"), RepresentationRole.PRIMARY, "application/pdf", bytes.length, null, sha,
                new BlobKey(sha), null, null, List.of())));
    }

    private static String sha(String content) {
        return BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(content.getBytes(StandardCharsets.UTF_8))).sha256();
    }

    @Test
    void aCurrentAndAReplacedFileAreDatedByTheirFirstRows() throws Exception {
        try (Store store = Store.open(StoreConfig.of(dir))) {
            store.commit(new CommitBatch("a", null, List.of(version("http://x/1", "first")), null, null));
            store.commit(new CommitBatch("a", null, List.of(version("http://x/1", "second")), null, null));
            store.commit(new CommitBatch("a", null, List.of(version("http://x/2", "second")), null, null));
            List<JournalEntry> rows = new ArrayList<>();
            store.journal().forEachSince(0, null, 0, rows::add);

            assertThat(store.journal().firstCollected(sha("first"))).hasValue(rows.get(0).collected());
            assertThat(store.journal().firstCollected(sha("second"))).hasValue(rows.get(1).collected());
            assertThat(store.journal().firstCollected(sha("never stored"))).isEmpty();
        }
    }
}
