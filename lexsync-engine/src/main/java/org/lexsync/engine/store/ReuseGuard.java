package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;

/**
 * What a large-tier put does when it finds its blob already stored, before it trusts that copy: the garbage collector
 * may be deleting an old, unreferenced blob with the same content at that very moment (issue 31: gc never deletes a
 * blob a commit in flight will reference). {@link BlobPins#pin} makes gc keep the blob from then on; the put then
 * looks once more and stores the bytes again when gc got there first.
 */
@FunctionalInterface
interface ReuseGuard {
    /** A store that no garbage collector shares (tests, benchmarks, a migration's target before it is used). */
    ReuseGuard NONE = key -> { };

    /** Returns once gc will not delete {@code key} for the grace period; a store error when that cannot be made sure. */
    void reusing(BlobKey key);
}
