package org.lexsync.engine.model;

/** Told how far a rebuild of the ELI named graphs is, after each batch of graphs written (for a progress bar). */
@FunctionalInterface
public interface GraphRebuildProgress {
    /** Nothing. */
    GraphRebuildProgress NONE = (done, total) -> { };

    /** {@code done} of the {@code total} active resources of the ELI sources are rebuilt. */
    void progress(long done, long total);
}
