package org.lexsync.engine.resourcesync;

import java.net.URI;

/**
 * The checkpoint as planning moves on: every planned change carries the whole encoded checkpoint reached once it is
 * committed (all sets), so the applier's commit moves it with the change (docs/architecture.md, invariant 2). Used from
 * the applier's calling thread only.
 */
final class CheckpointHolder {
    private RsCheckpoint current;

    CheckpointHolder(RsCheckpoint start) {
        this.current = start;
    }

    RsCheckpoint current() {
        return current;
    }

    RsCheckpoint.SetState get(URI set) {
        return current.get(set);
    }

    /** Records the set's new state and returns the encoded checkpoint. */
    String advance(URI set, RsCheckpoint.SetState state) {
        current = current.with(set, state);
        return current.encode();
    }
}
