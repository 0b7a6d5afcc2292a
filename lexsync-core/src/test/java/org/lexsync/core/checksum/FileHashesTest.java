package org.lexsync.core.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileHashesTest {
    @TempDir
    Path dir;

    @Test
    void everyRequestedDigestOfAFileMatchesTheDigestOfItsBytes() throws IOException {
        byte[] bytes = "Loi n° 2025-1".repeat(10_000).getBytes(StandardCharsets.UTF_8);
        Path file = Files.write(dir.resolve("act.txt"), bytes);

        Map<HashAlgorithm, String> hex = FileHashes.hex(file, HashAlgorithm.SHA_256, HashAlgorithm.MD5);

        assertThat(hex).containsOnlyKeys(HashAlgorithm.SHA_256, HashAlgorithm.MD5);
        assertThat(hex.get(HashAlgorithm.SHA_256)).isEqualTo(HashAlgorithm.SHA_256.hex(bytes));
        assertThat(hex.get(HashAlgorithm.MD5)).isEqualTo(HashAlgorithm.MD5.hex(bytes));
        assertThat(HashAlgorithm.MD5.hex(new byte[0])).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
    }
}
