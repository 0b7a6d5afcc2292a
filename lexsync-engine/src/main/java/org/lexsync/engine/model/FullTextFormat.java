package org.lexsync.engine.model;

import java.util.Locale;

/**
 * The full-text formats of ELI Pillar IV annex §4.2 step 1, in the order the annex tries them, each with
 * the IANA media type that {@code eli:media_type} (or, failing that, {@code eli:format}) must name.
 */
public enum FullTextFormat {
    HTML("text/html"),
    XHTML("application/xhtml+xml"),
    XML("application/xml"),
    PDF("application/pdf");

    private static final String IANA_HTTP = "http://www.iana.org/assignments/media-types/";
    private static final String IANA_HTTPS = "https://www.iana.org/assignments/media-types/";

    private final String mediaType;

    FullTextFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    /** The IANA media type, e.g. {@code application/pdf}. */
    public String mediaType() {
        return mediaType;
    }

    /** The value §4.2 gives for this format, e.g. {@code https://www.iana.org/assignments/media-types/text/html}. */
    public String ianaUri() {
        return IANA_HTTPS + mediaType;
    }

    /** {@code html}, {@code XHTML} or a media type such as {@code application/pdf}. */
    public static FullTextFormat parse(String token) {
        String t = token.strip().toLowerCase(Locale.ROOT);
        for (FullTextFormat f : values()) {
            if (f.name().toLowerCase(Locale.ROOT).equals(t) || f.mediaType.equals(t)) {
                return f;
            }
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT,
                "unknown full-text format '%s'; use html, xhtml, xml or pdf (or their media types)", token));
    }

    /**
     * True when a {@code eli:media_type} or {@code eli:format} value denotes this format. §4.2 names the
     * https IANA URIs; publishers also write the http form, a trailing slash, media-type parameters or the
     * bare media type as a literal, and all of those are accepted.
     */
    public boolean matches(String value) {
        if (value == null) {
            return false;
        }
        String v = value.strip();
        String lower = v.toLowerCase(Locale.ROOT);
        if (lower.startsWith(IANA_HTTPS)) {
            v = v.substring(IANA_HTTPS.length());
        } else if (lower.startsWith(IANA_HTTP)) {
            v = v.substring(IANA_HTTP.length());
        }
        int semicolon = v.indexOf(';');
        if (semicolon >= 0) {
            v = v.substring(0, semicolon);
        }
        v = v.strip();
        while (v.endsWith("/")) {
            v = v.substring(0, v.length() - 1);
        }
        return v.equalsIgnoreCase(mediaType) || (this == XML && v.equalsIgnoreCase("text/xml"));
    }
}
