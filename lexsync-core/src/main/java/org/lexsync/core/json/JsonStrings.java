package org.lexsync.core.json;

import java.util.Locale;

/**
 * JSON string literals (RFC 8259 §7), written once for every place that writes JSON by hand: the crawler's canonical
 * metadata (whose bytes are its change detection, so they must never change), the check report, and the store's
 * string lists. Quotation mark, reverse solidus and the control characters are escaped; everything else is written as
 * it is (UTF-8 is the writer's business).
 */
public final class JsonStrings {
    private JsonStrings() {
    }

    /** {@code s} as a JSON string literal, quotes included. */
    public static String quote(String s) {
        return append(new StringBuilder(s.length() + 2), s, false).toString();
    }

    /**
     * As {@link #quote}, with U+2028 and U+2029 escaped too, so that the JSON may also be read as JavaScript (a report
     * pasted into a page).
     */
    public static String quoteForScript(String s) {
        return append(new StringBuilder(s.length() + 2), s, true).toString();
    }

    /** Appends {@code s} as a JSON string literal to {@code b}; returns {@code b}. */
    public static StringBuilder append(StringBuilder b, String s) {
        return append(b, s, false);
    }

    private static StringBuilder append(StringBuilder b, String s, boolean lineSeparators) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || lineSeparators && (c == 0x2028 || c == 0x2029)) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"');
    }
}
