package org.lexsync.server.publish;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PublishedDocument;

/**
 * One byte range of a {@code Range: bytes=…} request (RFC 9110 §14.1.2): {@code first-last}, {@code first-} or the
 * suffix {@code -n}. Several ranges, other units or a syntax error are ignored (the whole document is sent, as §14.2
 * allows); an {@code If-Range} that does not match the document's ETag also gives the whole document.
 */
record Range(long start, long end, long suffix) {

    static @Nullable Range parse(@Nullable String header, @Nullable String ifRange, PublishedDocument doc) {
        if (header == null || ifRange != null && !ifRange.strip().equals(doc.etag())) {
            return null;
        }
        String h = header.strip();
        if (!h.regionMatches(true, 0, "bytes=", 0, 6) || h.indexOf(',') >= 0) {
            return null;
        }
        String spec = h.substring(6).strip();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        try {
            if (dash == 0) {
                long n = Long.parseLong(spec.substring(1));
                return n > 0 ? new Range(-1, -1, n) : null;
            }
            long start = Long.parseLong(spec.substring(0, dash));
            String rest = spec.substring(dash + 1);
            long end = rest.isEmpty() ? Long.MAX_VALUE : Long.parseLong(rest);
            return start >= 0 && end >= start ? new Range(start, end, -1) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    boolean satisfiable(long total) {
        return suffix > 0 ? total > 0 : start < total;
    }

    long first(long total) {
        return suffix > 0 ? Math.max(0, total - suffix) : start;
    }

    long last(long total) {
        return suffix > 0 ? total - 1 : Math.min(end, total - 1);
    }
}
