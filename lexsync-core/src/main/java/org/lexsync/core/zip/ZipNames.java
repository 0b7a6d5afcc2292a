package org.lexsync.core.zip;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The name checks of the ZIP gate, in one place so that every archive LexSync opens is judged alike: names
 * that could escape the archive's root ({@link #unsafe}: traversal, drive letters, control characters; the
 * gate never reads such an entry), names that are not plain relative names as APPNOTE 4.4.17.1 asks
 * ({@link #notPlain}: also a leading slash or a backslash, for formats that require plain names, such as
 * EUCases document groups), names normalised to paths from the root ({@link #normalize}, for ResourceSync
 * §11.2, §13.2 manifest {@code path}s, "the relative file system path where the bitstream would reside if the
 * ZIP were unpacked", written with a leading slash), and names stored without the UTF-8 flag (APPNOTE 4.4.4
 * bit 11) decoded the way unzip tools do ({@link #decode}).
 */
public final class ZipNames {
    /** APPNOTE 4.6.9: the Info-ZIP Unicode Path extra field. */
    private static final int UNICODE_PATH_EXTRA = 0x7075;
    private static final Charset IBM437 = charset("IBM437");

    private ZipNames() {
    }

    /**
     * The name as a path relative to the package root: backslashes read as separators (Windows tools),
     * leading {@code /} and {@code ./}, empty and {@code .} segments dropped; a trailing {@code /} (a
     * directory) is kept. Returns the argument itself when it is already in that form (no allocation on the
     * common path), or null when the name is unsafe (see {@link #unsafe}).
     */
    public static String normalize(String name) {
        if (unsafe(name) != null) {
            return null;
        }
        if (isNormal(name)) {
            return name;
        }
        String[] parts = name.replace('\\', '/').split("/", -1);
        StringBuilder b = new StringBuilder(name.length());
        for (String part : parts) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (!b.isEmpty()) {
                b.append('/');
            }
            b.append(part);
        }
        char last = name.charAt(name.length() - 1);
        if ((last == '/' || last == '\\') && !b.isEmpty()) {
            b.append('/');
        }
        return b.toString();
    }

    /**
     * Why a name could escape the package root or cannot name a file, or null when it is safe once
     * normalised: a {@code ..} segment (path traversal), a drive letter ({@code C:}), NUL or another control
     * character, nothing left after normalisation. A leading {@code /} is not a reason: it is how §11.2
     * writes paths, and some writers store entry names that way; it is stripped as unzip tools do.
     */
    public static String unsafe(String name) {
        if (name.isEmpty()) {
            return "empty entry name";
        }
        boolean content = false;
        int segmentStart = 0;
        for (int i = 0; i <= name.length(); i++) {
            char c = i < name.length() ? name.charAt(i) : '/';
            if (c < 0x20 || c == 0x7f) {
                return c == 0 ? "NUL in entry name" : "control character in entry name";
            }
            if (c == '/' || c == '\\') {
                int len = i - segmentStart;
                if (len == 2 && name.charAt(segmentStart) == '.' && name.charAt(segmentStart + 1) == '.') {
                    return "'..' in entry name (path traversal)";
                }
                if (len > 1 || len == 1 && name.charAt(segmentStart) != '.') {
                    content = true;
                }
                segmentStart = i + 1;
            }
        }
        int start = 0;
        while (start < name.length() && (name.charAt(start) == '/' || name.charAt(start) == '\\')) {
            start++;
        }
        if (name.length() - start >= 2 && name.charAt(start + 1) == ':' && isAsciiLetter(name.charAt(start))) {
            return "drive letter in entry name";
        }
        if (!content) {
            return "entry name names no file";
        }
        return null;
    }

    /**
     * Why a name is not a plain relative name (APPNOTE 4.4.17.1: "MUST NOT contain a drive or device letter,
     * or a leading slash", forward slashes only), or null when it is one: everything {@link #unsafe} refuses,
     * and also a leading {@code /} (an absolute path) or a backslash.
     */
    public static String notPlain(String name) {
        String unsafe = unsafe(name);
        if (unsafe != null) {
            return unsafe;
        }
        if (name.charAt(0) == '/') {
            return "absolute entry name";
        }
        if (name.indexOf('\\') >= 0) {
            return "backslash in entry name";
        }
        return null;
    }

    /** True when {@link #normalize} would return the name unchanged. */
    private static boolean isNormal(String name) {
        if (name.charAt(0) == '/' || name.indexOf('\\') >= 0 || name.startsWith("./") || name.contains("//")
                || name.contains("/./") || name.endsWith("/.") || name.equals(".")) {
            return false;
        }
        return true;
    }

    /**
     * The name in Unicode composed form (NFC), or the argument itself when it is ASCII or already composed:
     * macOS writes names decomposed (é as e + U+0301), manifests are usually composed.
     */
    public static String composed(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) >= 0x80) {
                String c = Normalizer.normalize(name, Normalizer.Form.NFC);
                return c.equals(name) ? name : c;
            }
        }
        return name;
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /**
     * An entry's name from its stored bytes (APPNOTE 4.4.4 bit 11, Appendix D): an Info-ZIP Unicode Path extra
     * field (0x7075) whose CRC matches the stored name wins (Windows tools store an IBM437 name, {@code ?}
     * for what it cannot hold, and the real one there); with the UTF-8 flag the bytes are UTF-8; without it
     * they are read as UTF-8 when they are valid UTF-8 (what Info-ZIP and most Unix tools write), else as
     * IBM437 (the APPNOTE default, what Windows tools write).
     */
    public static String decode(byte[] raw, boolean utf8Flag, byte[] extra) {
        if (extra != null) {
            String unicode = unicodePathExtra(extra, raw);
            if (unicode != null) {
                return unicode;
            }
        }
        boolean ascii = true;
        for (byte b : raw) {
            if (b < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return new String(raw, StandardCharsets.ISO_8859_1);
        }
        if (utf8Flag) {
            return new String(raw, StandardCharsets.UTF_8);
        }
        String utf8 = strictUtf8(raw);
        if (utf8 != null) {
            return utf8;
        }
        return new String(raw, IBM437 != null ? IBM437 : StandardCharsets.ISO_8859_1);
    }

    private static String unicodePathExtra(byte[] extra, byte[] raw) {
        int i = 0;
        while (i + 4 <= extra.length) {
            int tag = (extra[i] & 0xff) | (extra[i + 1] & 0xff) << 8;
            int size = (extra[i + 2] & 0xff) | (extra[i + 3] & 0xff) << 8;
            int data = i + 4;
            if (data + size > extra.length) {
                return null;
            }
            if (tag == UNICODE_PATH_EXTRA && size > 5 && extra[data] == 1) {
                // version 1, the CRC-32 of the stored name (else the field is stale), then the UTF-8 name
                long crc = (extra[data + 1] & 0xffL) | (extra[data + 2] & 0xffL) << 8 | (extra[data + 3] & 0xffL) << 16
                        | (extra[data + 4] & 0xffL) << 24;
                CRC32 c = new CRC32();
                c.update(raw);
                return c.getValue() == crc ? strictUtf8(Arrays.copyOfRange(extra, data + 5, data + size)) : null;
            }
            i = data + size;
        }
        return null;
    }

    private static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static Charset charset(String name) {
        try {
            return Charset.forName(name);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
