package org.lexsync.engine.publish;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jspecify.annotations.Nullable;

/**
 * Each resource's stable URL of ours, serving its current bytes (ResourceSync §7: the {@code loc} of a resource of
 * ours): {@code resource/{source}/{uri as base64url, in segments of 128}}. Reversible without a lookup table, so the
 * server finds the resource from the path, and plain files in a static export.
 */
final class ResourcePaths {
    static final String PREFIX = "resource/";
    private static final int SEGMENT = 128;

    private ResourcePaths() {
    }

    /** A resource of a source, as named by a path. */
    record Named(String sourceId, String uri) {
    }

    static String path(String sourceId, String uri) {
        String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(uri.getBytes(StandardCharsets.UTF_8));
        StringBuilder b = new StringBuilder(PREFIX.length() + sourceId.length() + b64.length() + 8);
        b.append(PREFIX).append(sourceId);
        for (int i = 0; i < b64.length(); i += SEGMENT) {
            b.append('/').append(b64, i, Math.min(b64.length(), i + SEGMENT));
        }
        return b.toString();
    }

    static @Nullable Named parse(String path) {
        if (!path.startsWith(PREFIX)) {
            return null;
        }
        String rest = path.substring(PREFIX.length());
        int slash = rest.indexOf('/');
        if (slash <= 0) {
            return null;
        }
        String source = rest.substring(0, slash);
        String b64 = rest.substring(slash + 1).replace("/", "");
        try {
            String uri = new String(Base64.getUrlDecoder().decode(b64), StandardCharsets.UTF_8);
            return path(source, uri).equals(path) ? new Named(source, uri) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
