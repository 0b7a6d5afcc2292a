package org.lexsync.core.xml;

/**
 * Escaping for markup that LexSync writes as text rather than through {@link XmlWriter}: reports (JUnit XML, HTML)
 * and the dashboard's pages. One place, so that every writer escapes the same characters the same way.
 */
public final class XmlEscape {
    private XmlEscape() {
    }

    /**
     * {@code s} as XML 1.0 character data or a quoted attribute value: {@code < > & "} escaped, and the control
     * characters XML 1.0 forbids (all below U+0020 but tab, line feed and carriage return) written as {@code ?}.
     */
    public static String text(String s) {
        return escape(s, false, false);
    }

    /** As {@link #text}, with line feeds as {@code &#10;} so that an attribute value keeps them. */
    public static String attribute(String s) {
        return escape(s, true, false);
    }

    /** As {@link #text}, with {@code '} as {@code &#39;} too: safe in HTML text and in attributes of either quote. */
    public static String html(String s) {
        return escape(s, false, true);
    }

    private static String escape(String s, boolean lineFeeds, boolean apostrophes) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                case '\'' -> apostrophes ? "&#39;" : null;
                case '\n' -> lineFeeds ? "&#10;" : null;
                case '\t', '\r' -> null;
                default -> c < 0x20 ? "?" : null;
            };
            if (rep != null && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (rep != null) {
                    b.append(rep);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
