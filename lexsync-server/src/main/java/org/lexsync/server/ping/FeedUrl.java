package org.lexsync.server.ping;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A feed URL in the form pings are compared in (rinfo §9: the pinged URL is the source's subscription feed): scheme
 * and host lower-cased, the scheme's default port dropped, a trailing slash dropped, no fragment. The path and query
 * are compared as given. Does no I/O.
 */
record FeedUrl(String text) {
    /** The normal form of {@code url}, or empty when it is not an absolute http(s) URL with a host. */
    static Optional<FeedUrl> of(@Nullable String url) {
        if (url == null || url.isBlank()) {
            return Optional.empty();
        }
        URI u;
        try {
            u = new URI(url.strip());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null) {
            return Optional.empty();
        }
        int port = u.getPort();
        boolean defaultPort = port == -1 || scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
        String path = u.getRawPath() == null ? "" : u.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        StringBuilder b = new StringBuilder(scheme).append("://").append(u.getHost().toLowerCase(Locale.ROOT));
        if (!defaultPort) {
            b.append(':').append(port);
        }
        b.append(path);
        if (u.getRawQuery() != null) {
            b.append('?').append(u.getRawQuery());
        }
        return Optional.of(new FeedUrl(b.toString()));
    }
}
