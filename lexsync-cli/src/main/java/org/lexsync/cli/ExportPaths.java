package org.lexsync.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Maps resource URIs to relative file paths for {@code lexsync export}: {@code host[_port]/path}, each segment
 * percent-decoded and re-encoded so that only safe characters reach the file system. Exists so the mapping is
 * one place with one set of rules: no segment can be {@code .}, {@code ..} or empty (no traversal), a query
 * string is encoded into the last name, a URL ending in '/' (or a path that is also a directory of another
 * document) becomes {@value #INDEX}, and a literal leading '_' is encoded so {@value #INDEX} and
 * {@value #MANIFEST} never collide with a published name. URIs without a host go under {@value #OTHER}.
 */
final class ExportPaths {
    /** Name of a directory's own document (a URL ending in '/'). */
    static final String INDEX = "_index";
    /** Name of the JSON-lines manifest at the top of the export. */
    static final String MANIFEST = "_manifest.jsonl";
    /** Directory for URIs without a host (e.g. {@code urn:}). */
    static final String OTHER = "_other";
    private static final int MAX_NAME = 200;

    private ExportPaths() {
    }

    /** The path segments for this URI, before directory-index conflicts are resolved. */
    static List<String> segments(String uri) {
        URI u;
        try {
            u = new URI(uri);
        } catch (URISyntaxException e) {
            return List.of(OTHER, name(uri));
        }
        List<String> out = new ArrayList<>();
        if (u.getHost() == null || u.getRawPath() == null) {
            out.add(OTHER);
            out.add(name(uri));
            return out;
        }
        String host = u.getHost().toLowerCase(Locale.ROOT) + (u.getPort() > 0 ? "_" + u.getPort() : "");
        out.add(name(host));
        String path = u.getRawPath();
        boolean directory = path.isEmpty() || path.endsWith("/");
        String[] parts = path.split("/", -1);
        for (int i = 0; i < parts.length; i++) {
            String raw = parts[i];
            if (raw.isEmpty() && (i == 0 || i == parts.length - 1)) {
                continue;
            }
            out.add(name(decode(raw)));
        }
        if (directory) {
            out.add(INDEX);
        }
        if (u.getRawQuery() != null) {
            int last = out.size() - 1;
            out.set(last, shorten(out.get(last) + encode("?" + decode(u.getRawQuery()))));
        }
        return out;
    }

    /**
     * Resolves paths for a whole export: a document whose path is also the directory of another document moves
     * to {@code path/_index}; two resources (of different sources) with the same path get their source id added.
     */
    static List<String> resolve(List<Entry> entries) {
        Set<String> directories = new HashSet<>();
        List<List<String>> all = new ArrayList<>();
        for (Entry e : entries) {
            List<String> s = segments(e.uri());
            all.add(s);
            for (int i = 1; i < s.size(); i++) {
                directories.add(String.join("/", s.subList(0, i)));
            }
        }
        Set<String> used = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            String path = String.join("/", all.get(i));
            if (directories.contains(path)) {
                path = path + "/" + INDEX;
            }
            if (!used.add(path)) {
                path = path + "@" + name(entries.get(i).sourceId());
                used.add(path);
            }
            out.add(path);
        }
        return out;
    }

    /** A resource to place: its source and URI. */
    record Entry(String sourceId, String uri) {
    }

    /** One safe file name: unreserved characters kept, everything else percent-encoded, never . or .. */
    static String name(String text) {
        String encoded = encode(text);
        if (encoded.isEmpty()) {
            return "_empty";
        }
        if (encoded.equals(".") || encoded.equals("..")) {
            encoded = encoded.replace(".", "%2E");
        }
        if (encoded.startsWith("_")) {
            encoded = "%5F" + encoded.substring(1);
        }
        return shorten(encoded);
    }

    private static String encode(String text) {
        StringBuilder b = new StringBuilder();
        for (byte x : text.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~,+=@".indexOf(c) >= 0) {
                b.append((char) c);
            } else {
                b.append('%').append(HexFormat.of().withUpperCase().toHexDigits((byte) c));
            }
        }
        return b.toString();
    }

    private static String decode(String raw) {
        try {
            return java.net.URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return raw;
        }
    }

    /** Keeps names under file-system limits: a long name is cut and ends in a hash of the whole. */
    private static String shorten(String name) {
        if (name.length() <= MAX_NAME) {
            return name;
        }
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return name.substring(0, MAX_NAME - 17) + "~" + HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
