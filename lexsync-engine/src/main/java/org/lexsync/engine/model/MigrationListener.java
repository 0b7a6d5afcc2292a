package org.lexsync.engine.model;

/** Told by {@code lexsync store migrate} after each blob or graph is verified at its new location (progress lines). */
@FunctionalInterface
public interface MigrationListener {
    /**
     * {@code item} of {@code kind} ("blob" or "graph") is verified at the new location; {@code copied} false when an
     * earlier run had done it; {@code done} of {@code total} of that kind.
     */
    void verified(String kind, String item, boolean copied, int done, int total);
}
