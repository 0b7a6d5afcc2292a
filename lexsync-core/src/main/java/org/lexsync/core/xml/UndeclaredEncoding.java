package org.lexsync.core.xml;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Decides how to read a document that names no encoding. XML 1.0 §4.3.3 says such a document is UTF-8 (or
 * UTF-16 with a byte order mark); publishers nevertheless serve Latin-1 and Windows-1252 files without an
 * encoding declaration (the charset, if anywhere, only in an HTTP header), which a strict parser rejects at the
 * first accented letter. When the first {@value #HEAD} bytes have no byte order mark, no {@code encoding} in the
 * XML declaration and are not valid UTF-8, the document is read as Windows-1252 (a superset of ISO-8859-1's
 * printable characters) and the reader says so ({@link SafeXmlReader#assumedEncoding()}), so that callers report
 * it. Documents that declare their encoding, or are valid UTF-8, are untouched.
 */
final class UndeclaredEncoding {
    static final int HEAD = 64 << 10;
    static final Charset FALLBACK = Charset.forName("windows-1252");

    private UndeclaredEncoding() {
    }

    /** {@code in} buffered, and the charset to read it with when not the parser's own detection (else null). */
    record Sniffed(InputStream stream, Charset fallback) {
    }

    static Sniffed sniff(InputStream in) throws IOException {
        BufferedInputStream b = in instanceof BufferedInputStream bis ? bis : new BufferedInputStream(in, HEAD);
        b.mark(HEAD);
        byte[] head = b.readNBytes(HEAD);
        b.reset();
        return new Sniffed(b, needsFallback(head, head.length) ? FALLBACK : null);
    }

    static boolean needsFallback(byte[] h, int n) {
        if (n >= 2 && ((h[0] & 0xFF) == 0xFE && (h[1] & 0xFF) == 0xFF || (h[0] & 0xFF) == 0xFF && (h[1] & 0xFF) == 0xFE)) {
            return false; // UTF-16 byte order mark
        }
        if (n >= 3 && (h[0] & 0xFF) == 0xEF && (h[1] & 0xFF) == 0xBB && (h[2] & 0xFF) == 0xBF) {
            return false; // UTF-8 byte order mark
        }
        if (n >= 2 && (h[0] == 0 || h[1] == 0)) {
            return false; // UTF-16/32 without a mark: the parser's own detection (XML 1.0 Appendix F)
        }
        if (declaresEncoding(h, n)) {
            return false;
        }
        return !validUtf8(h, n);
    }

    private static boolean declaresEncoding(byte[] h, int n) {
        if (n < 5 || h[0] != '<' || h[1] != '?' || h[2] != 'x' || h[3] != 'm' || h[4] != 'l') {
            return false;
        }
        int end = 5;
        while (end < n && h[end] != '>') {
            end++;
        }
        return new String(h, 0, end, StandardCharsets.ISO_8859_1).contains("encoding");
    }

    /** True when {@code h[0..n)} is well-formed UTF-8; a sequence cut off by the end of the head counts as valid. */
    static boolean validUtf8(byte[] h, int n) {
        int i = 0;
        while (i < n) {
            int b = h[i] & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int extra;
            int min2 = 0x80;
            int max2 = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                extra = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                extra = 2;
                if (b == 0xE0) {
                    min2 = 0xA0; // no overlong forms
                } else if (b == 0xED) {
                    max2 = 0x9F; // no surrogates
                }
            } else if (b >= 0xF0 && b <= 0xF4) {
                extra = 3;
                if (b == 0xF0) {
                    min2 = 0x90;
                } else if (b == 0xF4) {
                    max2 = 0x8F;
                }
            } else {
                return false;
            }
            for (int k = 1; k <= extra; k++) {
                if (i + k >= n) {
                    return true;
                }
                int c = h[i + k] & 0xFF;
                int lo = k == 1 ? min2 : 0x80;
                int hi = k == 1 ? max2 : 0xBF;
                if (c < lo || c > hi) {
                    return false;
                }
            }
            i += extra + 1;
        }
        return true;
    }
}
