package org.lexsync.core.zip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.zip.ZipArchiveException.Reason;

/** The ZIP gate on real files: what it reads, and each refusal typed and naming the archive and the entry. */
class ZipArchiveTest {
    static final String NAME = "http://example.org/a.zip";

    @TempDir
    Path dir;

    Path write(byte[] bytes) throws IOException {
        return Files.write(Files.createTempFile(dir, "a", ".zip"), bytes);
    }

    Path jdkZip(String... nameAndText) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(b)) {
            for (int i = 0; i < nameAndText.length; i += 2) {
                z.putNextEntry(new ZipEntry(nameAndText[i]));
                z.write(nameAndText[i + 1].getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        return write(b.toByteArray());
    }

    static String readAll(ZipEntryReader r, ZipArchiveEntry e) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[7];
        r.start(e);
        for (int n; (n = r.read(buffer)) > 0; ) {
            out.write(buffer, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static ZipArchiveException refusal(Throwable t) {
        return (ZipArchiveException) t;
    }

    @Test
    void readsTheEntriesInDirectoryOrderWithTheirData() throws IOException {
        try (ZipArchive zip = ZipArchive.open(jdkZip("a.txt", "first", "d/b.txt", "second"), NAME, ZipLimits.DEFAULT);
             ZipEntryReader r = zip.reader()) {
            assertThat(zip.entries()).extracting(ZipArchiveEntry::name).containsExactly("a.txt", "d/b.txt");
            assertThat(readAll(r, zip.entries().get(1))).isEqualTo("second");
            assertThat(readAll(r, zip.entries().get(0))).isEqualTo("first");
            assertThat(r.expanded()).isEqualTo(11);
        }
    }

    @Test
    void bytesThatAreNoZipAreRefusedNamingTheArchive() throws IOException {
        Path file = write("certainly not a ZIP archive".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> ZipArchive.open(file, NAME, ZipLimits.DEFAULT))
                .isInstanceOfSatisfying(ZipArchiveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NOT_A_ZIP);
                    assertThat(e.archive()).isEqualTo(NAME);
                    assertThat(e.entry()).isNull();
                    assertThat(e.getMessage()).startsWith(NAME + ": no END header");
                });
    }

    @Test
    void anEntryOfAnotherMethodFailsAloneAndTheOthersAreRead() throws IOException {
        RawZip z = new RawZip();
        z.add("r/lzma", "pretend LZMA").stored().method(14);
        z.add("r/ok", "fine");

        try (ZipArchive zip = ZipArchive.open(write(z.build()), NAME, ZipLimits.DEFAULT); ZipEntryReader r = zip.reader()) {
            assertThatThrownBy(() -> r.start(zip.entries().get(0))).satisfies(t -> {
                assertThat(refusal(t).reason()).isEqualTo(Reason.UNREADABLE_ENTRY);
                assertThat(refusal(t).reason().refusesArchive()).isFalse();
                assertThat(refusal(t).entry()).isEqualTo("r/lzma");
                assertThat(refusal(t).detail()).contains("compression method 14");
            });
            assertThat(readAll(r, zip.entries().get(1))).isEqualTo("fine");
        }
    }

    @Test
    void anEntryWhoseBytesDoNotMatchTheDirectorysCrcIsRefusedAtItsEnd() throws IOException {
        RawZip z = new RawZip();
        z.add("r/crc", "checked against the directory's CRC-32").crc(1);

        try (ZipArchive zip = ZipArchive.open(write(z.build()), NAME, ZipLimits.DEFAULT); ZipEntryReader r = zip.reader()) {
            assertThatThrownBy(() -> readAll(r, zip.entries().get(0))).satisfies(t -> {
                assertThat(refusal(t).reason()).isEqualTo(Reason.CORRUPT_ENTRY);
                assertThat(refusal(t).getMessage()).contains("entry 'r/crc': corrupt entry: CRC-32");
            });
        }
    }

    @Test
    void anEntryWhoseNameCouldEscapeTheRootIsNeverRead() throws IOException {
        try (ZipArchive zip = ZipArchive.open(jdkZip("../../etc/cron.d/x", "evil"), NAME, ZipLimits.DEFAULT);
             ZipEntryReader r = zip.reader()) {
            assertThat(zip.entries().get(0).unsafeName()).contains("traversal");
            assertThatThrownBy(() -> r.start(zip.entries().get(0))).satisfies(t -> {
                assertThat(refusal(t).reason()).isEqualTo(Reason.UNSAFE_NAME);
                assertThat(refusal(t).entry()).isEqualTo("../../etc/cron.d/x");
            });
        }
    }

    @Test
    void twoDirectoryRecordsPointingIntoTheSameDataRefuseTheArchive() throws IOException {
        RawZip z = new RawZip();
        RawZip.Entry kernel = z.add("r/a", new byte[10_000]);
        z.overlapping("r/b", kernel);

        assertThatThrownBy(() -> ZipArchive.open(write(z.build()), NAME, ZipLimits.DEFAULT)).satisfies(t -> {
            assertThat(refusal(t).reason()).isEqualTo(Reason.OVERLAPPING_ENTRIES);
            assertThat(refusal(t).archive()).isEqualTo(NAME);
            assertThat(refusal(t).entry()).isIn("r/a", "r/b");
            assertThat(refusal(t).detail()).contains("overlaps");
        });
    }

    @Test
    void moreEntriesThanTheBoundRefuseTheArchiveNamingTheFirstBeyondIt() throws IOException {
        RawZip z = new RawZip();
        for (int i = 0; i < 5; i++) {
            z.add("r/" + i, new byte[0]).stored();
        }
        ZipLimits three = new ZipLimits(3, 1L << 30, 1L << 30, 200, 1L << 20);

        assertThatThrownBy(() -> ZipArchive.open(write(z.build()), NAME, three)).satisfies(t -> {
            assertThat(refusal(t).reason()).isEqualTo(Reason.TOO_MANY_ENTRIES);
            assertThat(refusal(t).entry()).isEqualTo("r/3");
            assertThat(refusal(t).detail()).isEqualTo("more than 3 entries");
        });
    }

    @Test
    void anEntryExpandingBeyondTheRatioIsRefusedAlone() throws IOException {
        RawZip z = new RawZip();
        z.add("r/bomb", new byte[4 << 20]);
        z.add("r/filler", ZipArchiveTest.noise(400_000)).stored();
        ZipLimits ratio50 = new ZipLimits(10, 1L << 30, 1L << 30, 50, 1L << 20);

        try (ZipArchive zip = ZipArchive.open(write(z.build()), NAME, ratio50); ZipEntryReader r = zip.reader()) {
            assertThatThrownBy(() -> readAll(r, zip.entries().get(0))).satisfies(t -> {
                assertThat(refusal(t).reason()).isEqualTo(Reason.ENTRY_RATIO);
                assertThat(refusal(t).reason().refusesArchive()).isFalse();
                assertThat(refusal(t).detail()).contains("expansion ratio above 50");
            });
        }
    }

    @Test
    void onePassExpandingBeyondItsBoundIsRefusedAndANewReaderHasItsOwnBudget() throws IOException {
        RawZip z = new RawZip();
        z.add("r/a", new byte[3000]).stored();
        z.add("r/b", new byte[3000]).stored();
        ZipLimits small = new ZipLimits(10, 1L << 30, 5000, 200, 1L << 20);

        try (ZipArchive zip = ZipArchive.open(write(z.build()), NAME, small)) {
            try (ZipEntryReader r = zip.reader()) {
                readAll(r, zip.entries().get(0));
                assertThatThrownBy(() -> readAll(r, zip.entries().get(1))).satisfies(t -> {
                    assertThat(refusal(t).reason()).isEqualTo(Reason.ARCHIVE_TOO_LARGE);
                    assertThat(refusal(t).reason().refusesArchive()).isTrue();
                    assertThat(refusal(t).entry()).isEqualTo("r/b");
                });
            }
            try (ZipEntryReader r = zip.reader()) {
                assertThat(readAll(r, zip.entries().get(1))).hasSize(3000);
            }
        }
    }

    @Test
    void aStreamReportsTheGatesRefusalAsItsCause() throws IOException {
        RawZip z = new RawZip();
        z.add("r/crc", "checked").crc(1);

        try (ZipArchive zip = ZipArchive.open(write(z.build()), NAME, ZipLimits.DEFAULT); ZipEntryReader r = zip.reader();
             InputStream in = r.stream(zip.entries().get(0))) {
            assertThatThrownBy(in::readAllBytes).isInstanceOf(IOException.class)
                    .hasCauseInstanceOf(ZipArchiveException.class).hasMessageContaining("corrupt entry");
        }
    }

    @Test
    void limitsRefuseNonPositiveBounds() {
        assertThatThrownBy(() -> new ZipLimits(0, 1, 1, 1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("entries=0");
    }

    /** Bytes that do not compress. */
    static byte[] noise(int n) {
        byte[] b = new byte[n];
        new java.util.Random(7).nextBytes(b);
        return b;
    }
}
