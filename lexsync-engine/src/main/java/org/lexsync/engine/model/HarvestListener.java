package org.lexsync.engine.model;

import java.net.URI;

/**
 * Receives progress from a running harvest (the CLI draws its progress bar from it). Every method has a
 * default that does nothing; calls come from the harvesting thread.
 */
public interface HarvestListener {
    /** Ignores everything. */
    HarvestListener NONE = new HarvestListener() {
    };

    /** A source document (capability list, change list, feed page, sitemap …) was read. */
    default void documentRead(URI url, long bytes) {
    }

    /** The applier committed a batch. */
    default void applied(ApplyProgress progress) {
    }

    /**
     * A dry run planned this change (instead of applying it), in the order it would be applied: lets the command
     * line compare the plan with the store and report what would be created, updated or deleted.
     */
    default void planned(PlannedChange change) {
    }

    /** The number of changes this run will plan at most, once known (e.g. the ELIs of a whole Sitemap). */
    default void expected(long changes) {
    }

    /** A notable step, in words (e.g. "falling back to a Sitemap resync: the feed's history is too short"). */
    default void note(String message) {
    }
}
