package org.lexsync.engine.model;

/**
 * What {@code LexSync.store().rebuildGraphs} did: the ELI named graphs written from the journal's stored pages, the active
 * resources that yield no graph (no stored page, or a page whose metadata cannot be read), and the graphs of deleted
 * resources removed. The graph store is a projection of the store, never the only copy (issue 31).
 */
public record GraphRebuildReport(long sources, long written, long withoutGraph, long removed) {
}
