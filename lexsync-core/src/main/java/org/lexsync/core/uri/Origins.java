package org.lexsync.core.uri;

import java.net.URI;

/**
 * The origin of a URL (RFC 6454 §4: scheme, host and port, the port defaulted from the scheme), for the
 * rules that depend on "the same site": a sitemap's {@code loc} on another host, a credential that must not
 * leave its host, robots.txt cached per origin.
 */
public final class Origins {
    private Origins() {
    }

    /** True when both URLs have a host and the same scheme, host (case-insensitive) and effective port. */
    public static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost() != null
                && a.getHost().equalsIgnoreCase(b.getHost()) && port(a) == port(b);
    }

    /** The explicit port, else 443 for https and 80 otherwise. */
    public static int port(URI u) {
        if (u.getPort() >= 0) {
            return u.getPort();
        }
        return "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }
}
