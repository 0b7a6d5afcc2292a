package org.lexsync.server.dashboard;

import org.lexsync.core.xml.XmlEscape;
import java.util.Locale;

/**
 * A page's HTML as it is written: {@link #text} escapes everything (source ids, URLs, messages — whatever came from
 * a source or the store), {@link #raw} is for the page's own markup only. Attribute values are written with
 * {@link #attr}, escaped as well.
 */
final class Html {
    private final StringBuilder out;

    Html() {
        this(8192);
    }

    /** A page expected to be about {@code capacity} characters: the overview of 1,000 sources is over a million. */
    Html(int capacity) {
        out = new StringBuilder(capacity);
    }

    /** Appends the page's own markup, unescaped. */
    Html raw(String markup) {
        out.append(markup);
        return this;
    }

    /** Appends text, escaped for an element's content or a quoted attribute value. */
    Html text(Object value) {
        out.append(escape(String.valueOf(value)));
        return this;
    }

    /** Appends a number: nothing to escape, no boxing. */
    Html text(long value) {
        out.append(value);
        return this;
    }

    /** Appends {@code v} with one decimal ({@code 12.3}, {@code -0.5}) without {@code String.format} or a String. */
    Html decimal(double v) {
        long tenths = Math.round(v * 10);
        if (tenths < 0) {
            out.append('-');
            tenths = -tenths;
        }
        out.append(tenths / 10).append('.').append(tenths % 10);
        return this;
    }

    /** The number of characters written so far. */
    int length() {
        return out.length();
    }

    /** Appends another page part as it is (already escaped where it had to be). */
    Html append(Html part) {
        out.append(part.out);
        return this;
    }

    /** Appends {@code name="value"} with the value escaped, preceded by a space. */
    Html attr(String name, Object value) {
        out.append(' ').append(name).append("=\"").append(escape(String.valueOf(value))).append('"');
        return this;
    }

    /** Appends a formatted text (Locale.ROOT), escaped. */
    Html format(String pattern, Object... args) {
        return text(String.format(Locale.ROOT, pattern, args));
    }

    /** {@code <tag>text</tag>} with the text escaped. */
    Html element(String tag, Object value) {
        return raw("<" + tag + ">").text(value).raw("</" + tag + ">");
    }

    /** HTML-escapes {@code s}: {@code & < > " '}. */
    static String escape(String s) {
        return XmlEscape.html(s);
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
