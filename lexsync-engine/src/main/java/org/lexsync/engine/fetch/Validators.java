package org.lexsync.engine.fetch;

/**
 * The validators stored from an earlier download of a URL, sent back as If-None-Match and
 * If-Modified-Since (RFC 9110 §13.1) so that an unchanged resource costs a 304 and no body.
 * Either may be null.
 */
public record Validators(String etag, String lastModified) {
    public static final Validators NONE = new Validators(null, null);

    public Validators {
        etag = blankToNull(etag);
        lastModified = blankToNull(lastModified);
    }

    public boolean isNone() {
        return etag == null && lastModified == null;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
