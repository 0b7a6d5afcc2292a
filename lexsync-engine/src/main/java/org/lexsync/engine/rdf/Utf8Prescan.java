package org.lexsync.engine.rdf;

import java.nio.charset.StandardCharsets;

/**
 * Tells, from the raw bytes and without parsing, that jsoup's charset detection would settle on UTF-8 anyway,
 * so that the page can be parsed once with UTF-8 named instead of twice (jsoup 1.21 parses the first 5120
 * bytes as UTF-8 to look for a {@code <meta charset>}, an {@code http-equiv} content type or an XML
 * declaration, then parses the whole page again). The answer is conservative: true only when the page has no
 * byte order mark, no {@code <?xml} and every {@code charset} in the window (a little larger than jsoup's)
 * reads {@code charset=utf-8}, optionally spaced or quoted; anything else leaves the detection to jsoup.
 */
final class Utf8Prescan {
    /** jsoup's detection window (5120 bytes) plus a margin for a declaration cut at its end. */
    static final int WINDOW = 5120 + 64;
    private static final byte[] CHARSET = "charset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] XML_DECLARATION = "<?xml".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UTF_8 = "utf-8".getBytes(StandardCharsets.US_ASCII);

    private Utf8Prescan() {
    }

    /** True when jsoup, given no charset, would decode {@code html} as UTF-8. */
    static boolean settlesOnUtf8(byte[] html) {
        if (hasByteOrderMark(html)) {
            return false;
        }
        int end = Math.min(html.length, WINDOW);
        for (int i = 0; i < end; i++) {
            byte b = html[i];
            if (b == '<' && matches(html, i, XML_DECLARATION)) {
                return false;
            }
            if ((b == 'c' || b == 'C') && matches(html, i, CHARSET) && !declaresUtf8(html, i + CHARSET.length)) {
                return false;
            }
        }
        return true;
    }

    /** UTF-8, UTF-16 (either order) and UTF-32 byte order marks; jsoup honours them before anything else. */
    private static boolean hasByteOrderMark(byte[] html) {
        if (html.length >= 3 && (html[0] & 0xff) == 0xef && (html[1] & 0xff) == 0xbb && (html[2] & 0xff) == 0xbf) {
            return true;
        }
        if (html.length >= 2 && ((html[0] & 0xff) == 0xfe && (html[1] & 0xff) == 0xff
                || (html[0] & 0xff) == 0xff && (html[1] & 0xff) == 0xfe)) {
            return true;
        }
        return html.length >= 4 && html[0] == 0 && html[1] == 0 && (html[2] & 0xff) == 0xfe && (html[3] & 0xff) == 0xff;
    }

    /** After a {@code charset}: {@code \s* = \s* ["']? utf-8} and then a character that ends the name. */
    private static boolean declaresUtf8(byte[] html, int from) {
        int i = skipSpace(html, from);
        if (i >= html.length || html[i] != '=') {
            return false;
        }
        i = skipSpace(html, i + 1);
        if (i < html.length && (html[i] == '"' || html[i] == '\'')) {
            i++;
        }
        if (!matches(html, i, UTF_8)) {
            return false;
        }
        i += UTF_8.length;
        if (i >= html.length) {
            return false;
        }
        byte next = html[i];
        return next == '"' || next == '\'' || next == ';' || next == ',' || next == '>' || next == '/' || isSpace(next);
    }

    private static int skipSpace(byte[] html, int from) {
        int i = from;
        while (i < html.length && isSpace(html[i])) {
            i++;
        }
        return i;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f';
    }

    /** ASCII case-insensitive match of the lower-case {@code word} at {@code at}. */
    private static boolean matches(byte[] html, int at, byte[] word) {
        if (at < 0 || at + word.length > html.length) {
            return false;
        }
        for (int k = 0; k < word.length; k++) {
            int b = html[at + k];
            if (b >= 'A' && b <= 'Z') {
                b += 'a' - 'A';
            }
            if (b != word[k]) {
                return false;
            }
        }
        return true;
    }
}
