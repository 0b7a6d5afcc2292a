package org.lexsync.engine.store;

import org.lexsync.engine.model.Link;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes links as one text column: one link per line, tab-separated {@code rel href key=value...}, with
 * {@code %}, tab, newline and {@code =} percent-escaped. Public because the applier writes the changes it
 * retries in the same line-and-tab form ({@link #escape}, {@link #unescape}).
 */
public final class LinkCodec {
    private LinkCodec() {
    }

    /** The links as text; null for none. */
    public static String encode(List<Link> links) {
        if (links == null || links.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        for (Link link : links) {
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append(escape(link.rel())).append('\t').append(escape(link.href()));
            for (Map.Entry<String, String> a : link.attributes().entrySet()) {
                b.append('\t').append(escape(a.getKey())).append('=').append(escape(a.getValue()));
            }
        }
        return b.toString();
    }

    /** The links of {@link #encode}'s text; none for null or empty text. */
    public static List<Link> decode(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        List<Link> links = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String[] fields = line.split("\t", -1);
            Map<String, String> attributes = new LinkedHashMap<>();
            for (int i = 2; i < fields.length; i++) {
                int eq = fields[i].indexOf('=');
                attributes.put(unescape(fields[i].substring(0, eq)), unescape(fields[i].substring(eq + 1)));
            }
            links.add(new Link(unescape(fields[0]), unescape(fields[1]), attributes));
        }
        return List.copyOf(links);
    }

    /** {@code s} with {@code %}, tab, CR, LF and {@code =} percent-escaped (null as empty). */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '%' -> b.append("%25");
                case '\t' -> b.append("%09");
                case '\n' -> b.append("%0A");
                case '\r' -> b.append("%0D");
                case '=' -> b.append("%3D");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** The text {@link #escape} was given. */
    public static String unescape(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
