package org.lexsync.server.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Puts a source id into a link's path: percent-encoded, so an id is always one path segment. */
final class UrlPath {
    private UrlPath() {
    }

    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
