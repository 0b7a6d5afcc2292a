package org.lexsync.engine.model;

import java.util.Locale;

/** What kind of publication {@code lexsync check} walks; each has its own rules and its own root document. */
public enum CheckProtocol {
    /** An ELI Pillar IV publication: Sitemap (Index) and update feed (eli-pillar-iv-protocol §3.2.2, §3.3.2). */
    ELI,
    /** A ResourceSync source: discovery, Source Description, Capability Lists and their documents (Z39.99-2014). */
    RESOURCESYNC,
    /** An Atom feed with its RFC 5005 archive chain (RFC 4287, or the Swedish rinfo profile). */
    ATOM,
    /** An EUCases document group: metaInfo XML and its ZIP package (EUCases D2.1, Appendix I). */
    DOCUMENTGROUP;

    /** The lower-case name used on the command line and in reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
