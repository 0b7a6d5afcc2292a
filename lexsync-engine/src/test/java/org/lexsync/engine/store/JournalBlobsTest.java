package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/** Which blobs a journal row names, for gc's backfill of rows written before V28 ({@link JournalBlobs#keysOf}). */
class JournalBlobsTest {
    private static final String SHA = "ab".repeat(32);

    @Test
    void aRowOlderThanItsVersionTextNamesTheSha256OfItsChecksums() {
        Set<String> keys = new LinkedHashSet<>();

        JournalBlobs.keysOf(Digests.of(new Digest(HashAlgorithm.MD5, "cd".repeat(16)),
                new Digest(HashAlgorithm.SHA_256, SHA)).toString(), null, keys);

        assertThat(keys).containsExactly(SHA);
    }

    @Test
    void aDeletionNamesNothing() {
        Set<String> keys = new LinkedHashSet<>();

        JournalBlobs.keysOf(null, null, keys);

        assertThat(keys).isEmpty();
    }
}
