package org.lexsync.core.checksum;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;

/** Digests of a file in several algorithms, read once. */
public final class FileHashes {
    private FileHashes() {
    }

    /** The lower-case hex digest of {@code file} in each of {@code algorithms}. */
    public static Map<HashAlgorithm, String> hex(Path file, HashAlgorithm... algorithms) throws IOException {
        Map<HashAlgorithm, MessageDigest> digests = new EnumMap<>(HashAlgorithm.class);
        for (HashAlgorithm a : algorithms) {
            digests.put(a, a.newDigest());
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                for (MessageDigest d : digests.values()) {
                    d.update(buffer, 0, n);
                }
            }
        }
        Map<HashAlgorithm, String> hex = new EnumMap<>(HashAlgorithm.class);
        digests.forEach((a, d) -> hex.put(a, HexFormat.of().formatHex(d.digest())));
        return hex;
    }
}
