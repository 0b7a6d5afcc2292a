package org.lexsync.core.zip;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The gate's name checks (APPNOTE 4.4.4, 4.4.17.1) and how names are read whatever tool wrote them. */
class ZipNamesTest {
    @Test
    void namesThatCouldEscapeTheRootAreUnsafe() {
        assertThat(ZipNames.unsafe("resources/../../etc/passwd")).contains("traversal");
        assertThat(ZipNames.unsafe("..\\..\\Windows\\x")).contains("traversal");
        assertThat(ZipNames.unsafe("C:/Windows/x")).contains("drive letter");
        assertThat(ZipNames.unsafe("/C:\\Windows\\x")).contains("drive letter");
        assertThat(ZipNames.unsafe("resources/a\0b")).contains("NUL");
        assertThat(ZipNames.unsafe("./")).contains("no file");
        assertThat(ZipNames.unsafe("resources/eli/dec/2024/1/oj")).isNull();
        assertThat(ZipNames.unsafe("a..b/..c")).isNull();
    }

    @Test
    void anAbsoluteNameIsSafeOnceStrippedButNotPlain() {
        assertThat(ZipNames.unsafe("/etc/x")).isNull();
        assertThat(ZipNames.notPlain("/etc/x")).contains("absolute");
        assertThat(ZipNames.notPlain("a\\b")).contains("backslash");
        assertThat(ZipNames.notPlain("C:\\x")).contains("drive letter");
        assertThat(ZipNames.notPlain("../x")).contains("traversal");
        assertThat(ZipNames.notPlain("docs/judgment.html")).isNull();
    }

    @Test
    void namesAreReadAsPathsFromThePackageRootWhateverToolWroteThem() {
        assertThat(ZipNames.normalize("resources/a")).isEqualTo("resources/a");
        assertThat(ZipNames.normalize("/resources/a")).as("§11.2 writes paths so; unzip strips it").isEqualTo("resources/a");
        assertThat(ZipNames.normalize("./resources//./a")).isEqualTo("resources/a");
        assertThat(ZipNames.normalize("resources\\x\\a")).isEqualTo("resources/x/a");
        assertThat(ZipNames.normalize("resources\\x\\")).isEqualTo("resources/x/");
        assertThat(ZipNames.normalize("../a")).isNull();
    }

    @Test
    void namesAreDecodedByTheirFlag() {
        byte[] e = {(byte) 0xc3, (byte) 0xa9};
        assertThat(ZipNames.decode("a/b".getBytes(StandardCharsets.US_ASCII), false, null)).isEqualTo("a/b");
        assertThat(ZipNames.decode(e, true, null)).isEqualTo("é");
        assertThat(ZipNames.decode(e, false, null)).as("UTF-8 bytes without the flag (Info-ZIP)").isEqualTo("é");
        assertThat(ZipNames.decode(new byte[] {(byte) 0x82}, false, null)).as("IBM437 (Windows)").isEqualTo("é");
    }

    @Test
    void aUnicodePathExtraFieldWinsWhenItsCrcMatchesTheStoredName() {
        RawZip z = new RawZip();
        RawZip.Entry e = z.addRaw("caf?".getBytes(StandardCharsets.US_ASCII), new byte[0]).unicodePath("café");

        assertThat(ZipNames.decode(e.name, false, e.extra)).isEqualTo("café");
    }
}
