package org.lexsync.core.atom;

/**
 * The namespace URIs of Atom and the extensions LexSync reads and writes, in one place so that readers,
 * writers and validators agree on them.
 */
public final class AtomNs {
    /** RFC 4287 §2. */
    public static final String ATOM = "http://www.w3.org/2005/Atom";
    /** RFC 5005 (fh:complete, fh:archive). */
    public static final String FH = "http://purl.org/syndication/history/1.0";
    /** RFC 6721 (at:deleted-entry). */
    public static final String AT = "http://purl.org/atompub/tombstones/1.0";
    /** Obsolete Atom Link Extensions revision ({@code le:md5}), still accepted (rinfo §3.3.6). */
    public static final String LE = "http://purl.org/atompub/link-extensions/1.0";
    /** Dublin Core terms ({@code dct:isFormatOf} on enclosures, rinfo §3.3.7). */
    public static final String DCT = "http://purl.org/dc/terms/";
    /** XHTML, the namespace of the {@code div} wrapping {@code type="xhtml"} text (RFC 4287 §3.1.1.3). */
    public static final String XHTML = "http://www.w3.org/1999/xhtml";

    private AtomNs() {
    }
}
