package org.lexsync.bench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's "a 1 GB upload with the heap bounded", as a test: {@link LargeUploadCheck} — server, store and client in
 * one JVM limited to 96 MB of heap — uploads a 1 GB document group (4 files of 250 MB) to {@code lexsync serve}, which
 * spools, checks and stores it as streams (EUCases D2.1 §3.2 held whole messages in memory). The check exits 1 unless
 * every file is stored whole; an OutOfMemoryError would end the JVM with another code.
 */
class LargeUploadTest {
    @TempDir
    Path dir;

    @Test
    void aOneGigabyteGroupIsStoredWholeWithin96MbOfHeap() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx96m", "-cp", System.getProperty("java.class.path"),
                LargeUploadCheck.class.getName(), "--dir", dir.resolve("work").toString())
                .redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        String out = new String(output, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("HTTP 200").contains("4 of 4 files stored").doesNotContain("OutOfMemoryError");
    }
}
