package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/** Dump packages (ResourceSync §11.1, §11.2) are hostile input (DESIGN §4.5): names, manifest and expansion checked. */
class ZipPackageTest {
    static final URI URL = URI.create("http://example.org/dump-1.zip");
    static final byte[] MANIFEST = "<urlset/>".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    Path zip(Map<String, byte[]> entries) throws IOException {
        Path file = Files.createTempFile(dir, "pkg", ".zip");
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream z = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                z.putNextEntry(new ZipEntry(e.getKey()));
                z.write(e.getValue());
                z.closeEntry();
            }
        }
        return file;
    }

    Map<String, byte[]> withManifest(String name, byte[] body) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("manifest.xml", MANIFEST);
        m.put(name, body);
        return m;
    }

    @Test
    void entryNamesThatCouldEscapeThePackageAreRefused() {
        assertThat(ZipPackage.unsafe("resources/../../etc/passwd")).contains("traversal");
        assertThat(ZipPackage.unsafe("/etc/passwd")).contains("absolute");
        assertThat(ZipPackage.unsafe("C:/Windows/x")).contains("drive letter");
        assertThat(ZipPackage.unsafe("resources\\x")).contains("backslash");
        assertThat(ZipPackage.unsafe("resources/eli/dec/2024/1/oj")).isNull();
    }

    @Test
    void aPackageWithATraversalEntryIsRefusedAndDeleted() throws IOException {
        Path file = zip(withManifest("../evil.sh", new byte[] {1}));

        assertThatThrownBy(() -> ZipPackage.open(URL, file, DumpLimits.DEFAULT))
                .isInstanceOf(DumpPackageException.class)
                .satisfies(e -> assertThat(((DumpPackageException) e).entry()).isEqualTo("../evil.sh"));
        assertThat(file).doesNotExist();
    }

    @Test
    void aPackageWithoutManifestIsRefused_11_2() throws IOException {
        Path file = zip(Map.of("resources/a", new byte[] {1}));

        assertThatThrownBy(() -> ZipPackage.open(URL, file, DumpLimits.DEFAULT))
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("manifest.xml");
    }

    @Test
    void notAZipIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("x.zip"), "hello");

        assertThatThrownBy(() -> ZipPackage.open(URL, file, DumpLimits.DEFAULT))
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("not a ZIP");
    }

    @Test
    void smallBitstreamsAreExtractedIntoMemoryAndLeftToTheApplierToHash() throws IOException {
        byte[] body = "legal text".getBytes(StandardCharsets.UTF_8);
        Path file = zip(withManifest("resources/a", body));
        Digests promised = Digests.parse("md5:0f4c2b3e4c0d3ab5b6ac1f0c9e8f3f2a");

        try (ZipPackage p = ZipPackage.open(URL, file, DumpLimits.DEFAULT)) {
            ZipPackage.Extracted x = p.extract("/resources/a", dir, promised);

            assertThat(x.file()).isNull();
            assertThat(x.bytes()).isEqualTo(body);
            assertThat(x.length()).isEqualTo(body.length);
            assertThat(x.hex()).isEmpty();
            assertThat(x.mismatch(promised, null)).isNull();
            assertThat(x.mismatch(Digests.NONE, (long) body.length)).isNull();
            assertThat(x.mismatch(Digests.NONE, 3L)).contains("length");
        }
        assertThat(file).doesNotExist();
    }

    @Test
    void bitstreamsLargerThanTheInlineBoundAreExtractedToAFile() throws IOException {
        byte[] body = "legal text".getBytes(StandardCharsets.UTF_8);
        Path file = zip(withManifest("resources/a", body));
        DumpLimits smallInline = new DumpLimits(1L << 30, 16L << 30, 200, 1L << 20, 4);

        try (ZipPackage p = ZipPackage.open(URL, file, smallInline)) {
            ZipPackage.Extracted x = p.extract("/resources/a", dir, Digests.NONE);

            assertThat(x.bytes()).isNull();
            assertThat(x.file()).hasBinaryContent(body);
            assertThat(x.length()).isEqualTo(body.length);
        }
    }

    @Test
    void bitstreamsExtractedToAFileAreHashedOnTheWay() throws IOException {
        byte[] body = "legal text, long enough to spill".getBytes(StandardCharsets.UTF_8);
        Path file = zip(withManifest("resources/a", body));
        DumpLimits smallInline = new DumpLimits(1L << 30, 16L << 30, 200, 1L << 20, 4);
        Digests wrong = Digests.parse("md5:0f4c2b3e4c0d3ab5b6ac1f0c9e8f3f2a");

        try (ZipPackage p = ZipPackage.open(URL, file, smallInline)) {
            ZipPackage.Extracted x = p.extract("/resources/a", dir, wrong);

            assertThat(x.hex()).containsEntry(HashAlgorithm.MD5, HashAlgorithm.MD5.hex(body));
            assertThat(x.mismatch(wrong, null)).startsWith("md5:");
        }
    }

    @Test
    void anEmptyBitstreamIsExtractedAsNoBytes() throws IOException {
        Path file = zip(withManifest("resources/empty", new byte[0]));

        try (ZipPackage p = ZipPackage.open(URL, file, DumpLimits.DEFAULT)) {
            ZipPackage.Extracted x = p.extract("/resources/empty", dir, Digests.NONE);

            assertThat(x.bytes()).isEmpty();
            assertThat(x.length()).isZero();
        }
    }

    @Test
    void aManifestPathWithoutBitstreamOrEscapingIsRefused() throws IOException {
        Path file = zip(withManifest("resources/a", new byte[] {1}));

        try (ZipPackage p = ZipPackage.open(URL, file, DumpLimits.DEFAULT)) {
            assertThatThrownBy(() -> p.extract("/resources/b", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("does not hold");
            assertThatThrownBy(() -> p.extract("/../resources/a", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("traversal");
        }
    }

    @Test
    void aBitstreamExpandingBeyondTheRatioIsRefused() throws IOException {
        Path file = zip(withManifest("resources/bomb", new byte[4 << 20]));
        DumpLimits tight = new DumpLimits(1L << 30, 1L << 30, 50, 1L << 20);

        try (ZipPackage p = ZipPackage.open(URL, file, tight)) {
            assertThatThrownBy(() -> p.extract("/resources/bomb", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("bomb");
        }
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".bit"))).isEmpty();
        }
    }
}
