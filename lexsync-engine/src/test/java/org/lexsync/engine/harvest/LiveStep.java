package org.lexsync.engine.harvest;

/**
 * One change a live source makes while it is being synced, independent of the protocol: each property test
 * maps it onto its fixture (a ResourceSync resource, an Atom entry, an ELI act). Picks index the source's
 * active items in creation order (modulo their number), so small picks update the same few items again and
 * again — the case of a change superseded by a later one (docs/architecture.md, invariant 6).
 */
public sealed interface LiveStep {

    /** A new item. */
    record Create() implements LiveStep {
        @Override
        public String toString() {
            return "create";
        }
    }

    /** A new version of the active item at {@code pick} (a create when none is active). */
    record Update(int pick) implements LiveStep {
        @Override
        public String toString() {
            return "update(" + pick + ")";
        }
    }

    /** Deletes the active item at {@code pick} (nothing when none is active). */
    record Delete(int pick) implements LiveStep {
        @Override
        public String toString() {
            return "delete(" + pick + ")";
        }
    }

    /**
     * The next download of a document (a resource, a feed entry's file) arrives corrupted in transit: same
     * length, other bytes, so only a digest check can notice. The source's promise is right; the bytes must
     * not become current.
     */
    record Corrupt() implements LiveStep {
        @Override
        public String toString() {
            return "corrupt-next";
        }
    }

    /**
     * Ends the source's current change document (a ResourceSync Change List or Change Dump interval is
     * closed and a new one opened); nothing for protocols without such documents.
     */
    record CloseList() implements LiveStep {
        @Override
        public String toString() {
            return "close-list";
        }
    }
}
