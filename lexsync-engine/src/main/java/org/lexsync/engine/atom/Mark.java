package org.lexsync.engine.atom;

import java.time.Instant;

/**
 * The youngest timestamp noted for one id during the backward walk (rinfo §8.3), whether it is a
 * deletion, and whether that very pair is already collected (then it is not collected again).
 */
record Mark(Instant at, boolean deleted, boolean collected) {

    boolean matches(ItemKey k) {
        return at.equals(k.at()) && deleted == k.deleted();
    }

    Mark asCollected() {
        return new Mark(at, deleted, true);
    }
}
