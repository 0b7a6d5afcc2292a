package org.lexsync.engine.store;

import org.lexsync.engine.model.ChangeKind;

/**
 * What committing one {@link ResourceWrite} did: the journal kind and sequence, or {@code kind == null} and {@code seq
 * == 0} when the write equalled the current state and added no journal row (docs/architecture.md, "Core model").
 */
public record WriteOutcome(String uri, ChangeKind kind, long seq) {

    public boolean unchanged() {
        return kind == null;
    }
}
