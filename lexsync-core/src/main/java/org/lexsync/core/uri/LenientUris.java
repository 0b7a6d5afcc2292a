package org.lexsync.core.uri;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Turns the URI references publishers actually write into URIs that can be fetched: characters that RFC 3986
 * §2 does not allow in a URI (spaces, non-ASCII letters, {@code "<>\^`{|}}) are percent-encoded as UTF-8 (the
 * IRI-to-URI mapping of RFC 3987 §3.1), a {@code %} not followed by two hex digits becomes {@code %25}, and
 * existing {@code %XX} escapes are kept as they are (never encoded twice).
 */
public final class LenientUris {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private LenientUris() {
    }

    /** {@code reference} with every character RFC 3986 does not allow percent-encoded; the same string when none. */
    public static String encode(String reference) {
        int n = reference.length();
        int i = 0;
        while (i < n && allowed(reference, i)) {
            i++;
        }
        if (i == n) {
            return reference;
        }
        StringBuilder b = new StringBuilder(n + 16).append(reference, 0, i);
        while (i < n) {
            if (allowed(reference, i)) {
                b.append(reference.charAt(i++));
                continue;
            }
            int cp = reference.codePointAt(i);
            int width = Character.charCount(cp);
            byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
            for (byte x : utf8) {
                b.append('%').append(HEX[(x >> 4) & 0xF]).append(HEX[x & 0xF]);
            }
            i += width;
        }
        return b.toString();
    }

    /**
     * {@code reference} (whitespace around it stripped, then {@linkplain #encode encoded}) resolved against
     * {@code base} (RFC 3986 §5.2).
     *
     * @throws IllegalArgumentException when it is not a URI reference even then
     */
    public static URI resolve(URI base, String reference) {
        URI ref = URI.create(encode(reference.strip()));
        return base == null ? ref : base.resolve(ref);
    }

    /**
     * {@code reference} (whitespace around it stripped, then {@linkplain #encode encoded}) as an absolute http(s)
     * URI with a host, the only kind fetched; null when it is not one (or null).
     */
    public static URI httpUri(String reference) {
        if (reference == null) {
            return null;
        }
        try {
            URI u = new URI(encode(reference.strip()));
            String scheme = u.getScheme();
            return u.getHost() != null && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme)) ? u
                    : null;
        } catch (java.net.URISyntaxException notAUri) {
            return null;
        }
    }

    /** True when {@code reference} has no scheme, i.e. it is relative and needs a base (RFC 3986 §4.2). */
    public static boolean isRelative(String reference) {
        String r = reference.strip();
        int colon = r.indexOf(':');
        if (colon <= 0) {
            return true;
        }
        for (int i = 0; i < colon; i++) {
            char c = r.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
                    || i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.');
            if (!ok) {
                return true;
            }
        }
        return false;
    }

    private static boolean allowed(String s, int i) {
        char c = s.charAt(i);
        if (c == '%') {
            return i + 2 < s.length() && hex(s.charAt(i + 1)) && hex(s.charAt(i + 2));
        }
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
            return true;
        }
        return "-._~:/?#[]@!$&'()*+,;=".indexOf(c) >= 0;
    }

    private static boolean hex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
