/**
 * LexSync's document formats (docs/architecture.md, "Modules"): streaming readers, writers and validators for
 * Sitemaps, ResourceSync, Atom, EUCases document groups, with their findings, checksums, W3C dates and the one door
 * for XML. No network, no database. The packages other modules and users read documents with are exported; the
 * engine's shared helpers (JSON strings, lenient URIs, the ZIP gate) only to the engine.
 */
module org.lexsync.core {
    requires transitive java.xml;
    requires com.ctc.wstx;
    requires static org.jspecify;

    exports org.lexsync.core;
    exports org.lexsync.core.atom;
    exports org.lexsync.core.checksum;
    exports org.lexsync.core.documentgroup;
    exports org.lexsync.core.findings;
    exports org.lexsync.core.inspect;
    exports org.lexsync.core.io;
    exports org.lexsync.core.sitemap;
    exports org.lexsync.core.time;
    exports org.lexsync.core.xml;

    exports org.lexsync.core.json to org.lexsync.engine;
    exports org.lexsync.core.uri to org.lexsync.engine;
    exports org.lexsync.core.zip to org.lexsync.engine;
}
