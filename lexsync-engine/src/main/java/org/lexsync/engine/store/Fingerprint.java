package org.lexsync.engine.store;

import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.security.MessageDigest;
import java.util.List;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/** Content summaries of a resource: its journal checksums and a fingerprint of its whole file set. */
final class Fingerprint {
    private Fingerprint() {
    }

    /** SHA-256 over role, URL, media type and SHA-256 of every file, in order. */
    static String of(List<RepresentationState> reps) {
        MessageDigest sha = HashAlgorithm.SHA_256.newDigest();
        for (RepresentationState r : reps) {
            String line = r.role().token() + '\t' + (r.url() == null ? "" : r.url().toString()) + '\t'
                    + (r.mediaType() == null ? "" : r.mediaType()) + '\t' + r.sha256() + '\n';
            sha.update(line.getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The digests of the primary file (or the first file when none is primary). */
    static Digests checksums(List<RepresentationState> reps) {
        RepresentationState main = null;
        for (RepresentationState r : reps) {
            if (r.role() == RepresentationRole.PRIMARY) {
                main = r;
                break;
            }
        }
        if (main == null && !reps.isEmpty()) {
            main = reps.get(0);
        }
        if (main == null) {
            return Digests.NONE;
        }
        Digests d = Digests.of(new Digest(HashAlgorithm.SHA_256, main.sha256()));
        return main.md5() == null ? d : d.with(new Digest(HashAlgorithm.MD5, main.md5()));
    }
}
