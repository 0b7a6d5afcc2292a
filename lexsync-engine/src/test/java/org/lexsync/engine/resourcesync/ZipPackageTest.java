package org.lexsync.engine.resourcesync;

import org.lexsync.core.zip.RawZip;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.zip.ZipArchive;

/**
 * Dump packages (ResourceSync §11.1, §11.2) are hostile input (docs/architecture.md, invariant 5): names, manifest and
 * expansion checked.
 */
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
        assertThat(ZipPackage.unsafe("..\\..\\Windows\\x")).contains("traversal");
        assertThat(ZipPackage.unsafe("C:/Windows/x")).contains("drive letter");
        assertThat(ZipPackage.unsafe("/C:\\Windows\\x")).contains("drive letter");
        assertThat(ZipPackage.unsafe("resources/a\0b")).contains("NUL");
        assertThat(ZipPackage.unsafe("./")).contains("no file");
        assertThat(ZipPackage.unsafe("resources/eli/dec/2024/1/oj")).isNull();
        assertThat(ZipPackage.unsafe("a..b/..c")).isNull();
    }

    @Test
    void anEntryWithATraversalNameIsNeverExtractedButTheOthersAre() throws IOException {
        Map<String, byte[]> m = withManifest("../evil.sh", new byte[] {1});
        m.put("resources/a", new byte[] {2});
        Path file = zip(m);

        try (ZipPackage p = ZipPackage.open(URL, file, DumpLimits.DEFAULT)) {
            assertThat(p.notes()).singleElement().asString().contains("'../evil.sh' refused").contains("traversal");
            assertThat(p.extract("/resources/a", dir, Digests.NONE).bytes()).containsExactly(2);
            assertThatThrownBy(() -> p.extract("/../evil.sh", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class)
                    .satisfies(e -> {
                        DumpPackageException d = (DumpPackageException) e;
                        assertThat(d.entry()).isEqualTo("/../evil.sh");
                        assertThat(d.refusesPackage()).isFalse();
                        assertThat(d.packageUrl()).isEqualTo(URL);
                    });
        }
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
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("not a readable ZIP file");
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

    Path raw(RawZip z) throws IOException {
        return Files.write(Files.createTempFile(dir, "raw", ".zip"), z.build());
    }

    @Test
    void namesWithoutTheUtf8FlagThatAreNotUtf8DoNotMakeThePackageUnreadable() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.addRaw("lois/café".getBytes(java.nio.charset.Charset.forName("IBM437")), new byte[] {7});

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThat(p.extract("/lois/café", dir, Digests.NONE).bytes()).containsExactly(7);
        }
    }

    @Test
    void aCorruptEntryIsRefusedAloneByItsCrcOrItsSize() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.add("r/crc", "checked against the directory's CRC-32").stored().crc(1);
        z.add("r/size", "inflates to more than the directory says").size(3);
        z.add("r/ok", "fine");

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThatThrownBy(() -> p.extract("/r/crc", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("entry '/r/crc': corrupt entry: CRC-32")
                    .satisfies(e -> assertThat(((DumpPackageException) e).refusesPackage()).isFalse());
            assertThatThrownBy(() -> p.extract("/r/size", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("corrupt entry");
            assertThat(p.extract("/r/ok", dir, Digests.NONE).bytes()).asString().isEqualTo("fine");
        }
    }

    @Test
    void boundsHoldForEntriesThatDeclareNoSizeUntilAfterTheirData() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.add("r/big", new byte[50_000]).dataDescriptor().size(0);
        DumpLimits entryBound = new DumpLimits(10_000, 1L << 30, 1_000_000, 1L << 20);

        try (ZipPackage p = ZipPackage.open(URL, raw(z), entryBound)) {
            assertThatThrownBy(() -> p.extract("/r/big", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("larger than 10000 bytes");
        }
    }

    @Test
    void aPackageExpandingBeyondItsBoundIsRefusedAsAWhole() throws IOException {
        Map<String, byte[]> m = withManifest("r/a", new byte[300_000]);
        m.put("r/b", new byte[300_000]);
        DumpLimits packageBound = new DumpLimits(1L << 30, 500_000, 1_000_000, 1L << 20);

        try (ZipPackage p = ZipPackage.open(URL, zip(m), packageBound)) {
            p.extract("/r/a", dir, Digests.NONE);
            assertThatThrownBy(() -> p.extract("/r/b", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("expands beyond its bounds")
                    .satisfies(e -> assertThat(((DumpPackageException) e).refusesPackage()).isTrue());
        }
    }

    @Test
    void aDirectoryIsNoBitstream_andTwoEntriesOfOneNameAreAmbiguous() throws IOException {
        RawZip z = new RawZip();
        z.add("./manifest.xml", MANIFEST);
        z.add("r/", new byte[0]);
        z.add("r/d", "one");
        z.add("./r/d", "two");

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThatThrownBy(() -> p.extract("/r", dir, Digests.NONE)).hasMessageContaining("does not hold");
            assertThatThrownBy(() -> p.extract("/r/d", dir, Digests.NONE)).hasMessageContaining("more than one entry");
        }
    }

    @Test
    void twoManifestsRefuseThePackage() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.add("/manifest.xml", MANIFEST);

        assertThatThrownBy(() -> ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT))
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("more than one manifest.xml");
    }

    @Test
    void anEmptyZip64FieldAsOlderAntWritesIt_andAStubBeforeTheZip() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.add("r/a", "a").stored();
        z.add("r/b", "b").zip64ExtraBesideRealSizes(true);
        byte[] stub = "MZ self-extractor stub".getBytes(StandardCharsets.UTF_8);
        byte[] zip = z.build();
        byte[] all = new byte[stub.length + zip.length];
        System.arraycopy(stub, 0, all, 0, stub.length);
        System.arraycopy(zip, 0, all, stub.length, zip.length);
        Path file = Files.write(dir.resolve("sfx.zip"), all);

        try (ZipPackage p = ZipPackage.open(URL, file, DumpLimits.DEFAULT)) {
            assertThat(p.extract("/r/a", dir, Digests.NONE).bytes()).asString().isEqualTo("a");
            assertThat(p.extract("/r/b", dir, Digests.NONE).bytes()).asString().isEqualTo("b");
        }
    }

    @Test
    void anEntryJavaUtilZipWouldRefuseTheWholeZipForFailsAlone() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.add("r/lzma", "pretend LZMA").stored().method(14);
        z.add("r/secret", "pretend ciphertext").stored().encrypted();
        z.add("r/z64", "ZIP64 field beside sizes that need none").zip64ExtraBesideRealSizes(false);
        z.add("r/badloc", "its local header is broken").brokenLocalHeader();
        z.add("r/ok", "fine");

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThatThrownBy(() -> p.extract("/r/lzma", dir, Digests.NONE))
                    .isInstanceOf(DumpPackageException.class).hasMessageContaining("compression method 14")
                    .satisfies(e -> assertThat(((DumpPackageException) e).refusesPackage()).isFalse());
            assertThatThrownBy(() -> p.extract("/r/secret", dir, Digests.NONE)).hasMessageContaining("encrypted");
            assertThatThrownBy(() -> p.extract("/r/badloc", dir, Digests.NONE)).hasMessageContaining("local header");
            assertThat(p.extract("/r/z64", dir, Digests.NONE).bytes()).asString().startsWith("ZIP64 field");
            assertThat(p.extract("/r/ok", dir, Digests.NONE).bytes()).asString().isEqualTo("fine");
        }
    }

    @Test
    void theDirectoryNotTheEntryCountIsTrusted_andBytesAfterTheZipAreIgnored() throws IOException {
        RawZip z = new RawZip().count(1).trailing("junk a server appended".getBytes(StandardCharsets.UTF_8));
        z.add("manifest.xml", MANIFEST);
        z.add("r/a", "a");
        z.add("r/b", "b");

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThat(p.extract("/r/b", dir, Digests.NONE).bytes()).asString().isEqualTo("b");
        }
    }

    @Test
    void aNameStoredInIso88591WithoutTheFlagIsFoundToo() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.addRaw("r/caf\u00e9".getBytes(StandardCharsets.ISO_8859_1), new byte[] {5});

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThat(p.extract("/r/café", dir, Digests.NONE).bytes()).containsExactly(5);
        }
    }

    @Test
    void decomposedNamesAsMacOsWritesThemMatchComposedPaths_andTheOtherWayRound() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        z.add("r/cafe\u0301", new byte[] {1});
        z.add("r/na\u00efve", new byte[] {2});

        try (ZipPackage p = ZipPackage.open(URL, raw(z), DumpLimits.DEFAULT)) {
            assertThat(p.extract("/r/caf\u00e9", dir, Digests.NONE).bytes()).containsExactly(1);
            assertThat(p.extract("/r/nai\u0308ve", dir, Digests.NONE).bytes()).containsExactly(2);
        }
    }

    /**
     * Packages written by real tools (test resources {@code zips/}): Python's {@code zipfile} (what the {@code resync}
     * library uses), Info-ZIP {@code zip -r} (directory entries, STORED small files, UT/ux extra fields) and
     * {@code zip -fz} (ZIP64 records forced).
     */
    @ParameterizedTest
    @ValueSource(strings = {"python-zipfile.zip", "info-zip.zip", "info-zip-forced-zip64.zip"})
    void packagesWrittenByCommonToolsAreRead_11_2(String name) throws IOException {
        Path file = dir.resolve(name);
        try (var in = ZipPackageTest.class.getResourceAsStream("zips/" + name)) {
            Files.copy(in, file);
        }
        byte[] a = ZipPackageTest.class.getResourceAsStream("zips/a.txt").readAllBytes();
        byte[] b = ZipPackageTest.class.getResourceAsStream("zips/b.html").readAllBytes();

        try (ZipPackage p = ZipPackage.open(URL, file, DumpLimits.DEFAULT)) {
            assertThat(new String(p.manifest().readAllBytes(), StandardCharsets.UTF_8))
                    .contains("resourcedump-manifest").contains("path=\"/res/sub/b.html\"");
            assertThat(p.extract("/res/a.txt", dir, Digests.NONE).bytes()).isEqualTo(a);
            assertThat(p.extract("/res/sub/b.html", dir, Digests.NONE).bytes()).isEqualTo(b);
        }
    }

    @Test
    void aTruncatedZipIsRefusedAsAWhole() throws IOException {
        byte[] whole = Files.readAllBytes(zip(withManifest("r/a", new byte[5000])));
        Path cut = Files.write(dir.resolve("cut.zip"), java.util.Arrays.copyOf(whole, whole.length - 30));

        assertThatThrownBy(() -> ZipPackage.open(URL, cut, DumpLimits.DEFAULT))
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("truncated")
                .satisfies(e -> {
                    assertThat(((DumpPackageException) e).refusesPackage()).isTrue();
                    assertThat(((DumpPackageException) e).packageUrl()).isEqualTo(URL);
                });
        assertThat(cut).doesNotExist();
    }

    @Test
    void aCentralDirectoryLargerThanTheBoundIsRefusedBeforeItIsRead() throws IOException {
        long cenSize = ZipArchive.MAX_DIRECTORY_BYTES + 1;
        Path big = dir.resolve("big-directory.zip");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(cenSize); // sparse: the claimed directory, never written
            java.nio.ByteBuffer eocd = java.nio.ByteBuffer.allocate(22).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) 1)
                    .putShort((short) 1).putInt((int) cenSize).putInt(0).putShort((short) 0);
            f.seek(cenSize);
            f.write(eocd.array());
        }

        assertThatThrownBy(() -> ZipPackage.open(URL, big, DumpLimits.DEFAULT))
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("central directory of");
    }

    @Test
    void aPackageListingMoreEntriesThanTheBoundIsRefusedBeforeTheyFillTheHeap() throws IOException {
        RawZip z = new RawZip();
        z.add("manifest.xml", MANIFEST);
        for (int i = 0; i < 20; i++) {
            z.add("r/" + i, new byte[0]).stored();
        }
        DumpLimits fewEntries = new DumpLimits(1L << 30, 16L << 30, 200, 1L << 20, 1024, 10);

        assertThatThrownBy(() -> ZipPackage.open(URL, raw(z), fewEntries))
                .isInstanceOf(DumpPackageException.class).hasMessageContaining("more than 10 entries");
    }
}
