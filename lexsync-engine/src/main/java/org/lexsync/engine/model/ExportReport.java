package org.lexsync.engine.model;

/**
 * What a static export of the published documents did (docs/architecture.md, "Publishing the aggregate"): how many
 * documents and files it wrote, how many it left as they were (closed ones already there, open ones whose bytes
 * did not change), how many entries (journal rows) the documents project, and the journal sequence exported up to.
 */
public record ExportReport(long written, long unchanged, long entries, long lastSeq) {
}
