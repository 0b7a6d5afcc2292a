package org.lexsync.core.atom;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * xml:base handling (RFC 4287 §2 and XML Base): computes nested base URIs and resolves relative
 * references (RFC 3986 §5). Absolute references are returned untouched without parsing, which keeps
 * the common case free of {@link URI} work.
 */
final class Bases {
    private Bases() {
    }

    /** The URI of a document name, or null when it is not a URI (e.g. a file system path with spaces). */
    static URI of(String document) {
        if (document == null) {
            return null;
        }
        try {
            return new URI(document);
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** The base in effect inside an element with this xml:base value (null value: the parent's). */
    static URI nest(URI parent, String xmlBase) {
        if (xmlBase == null) {
            return parent;
        }
        String resolved = resolve(parent, xmlBase);
        return resolved == null ? parent : of(resolved);
    }

    /** True when {@code ref} starts with a URI scheme ({@code ALPHA *(ALPHA / DIGIT / + / - / .) :}). */
    static boolean absolute(String ref) {
        int n = ref.length();
        if (n == 0 || !letter(ref.charAt(0))) {
            return false;
        }
        for (int i = 1; i < n; i++) {
            char c = ref.charAt(i);
            if (c == ':') {
                return true;
            }
            if (!(letter(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
                return false;
            }
        }
        return false;
    }

    /**
     * {@code ref} resolved against {@code base}; {@code ref} itself when it is absolute or there is no
     * base; null when {@code ref} or the base is not a valid URI reference.
     */
    static String resolve(URI base, String ref) {
        String r = ref.strip();
        if (absolute(r) || base == null) {
            return r;
        }
        try {
            if (r.isEmpty() || r.charAt(0) == '#' || r.charAt(0) == '?') {
                // java.net.URI mishandles same-document and query-only references (RFC 3986 §5.2.2)
                String b = base.toString();
                int hash = b.indexOf('#');
                if (hash >= 0) {
                    b = b.substring(0, hash);
                }
                if (!r.isEmpty() && r.charAt(0) == '?') {
                    int q = b.indexOf('?');
                    if (q >= 0) {
                        b = b.substring(0, q);
                    }
                }
                return b + r;
            }
            return base.resolve(new URI(r)).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean letter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }
}
