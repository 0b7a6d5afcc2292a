package org.lexsync.engine.publish;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.ResourceWrite;

/** Writes for the publishing tests that fill a journal directly through the store. */
final class TestWrites {
    private TestWrites() {
    }

    /** A resource whose one primary file holds its URI's bytes. */
    static ResourceWrite write(String uri) {
        byte[] bytes = uri.getBytes(StandardCharsets.UTF_8);
        String sha = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes)).sha256();
        return new ResourceWrite(uri, false, null, null, "t", List.of(), List.of(new RepresentationState(
                URI.create(uri + ".pdf"), RepresentationRole.PRIMARY, "application/pdf", bytes.length, null, sha,
                new BlobKey(sha), null, null, List.of())));
    }
}
