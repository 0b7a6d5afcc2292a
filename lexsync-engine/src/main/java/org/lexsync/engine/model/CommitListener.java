package org.lexsync.engine.model;

/**
 * Told by the applier about every batch it committed, so that data derived from the store but kept outside its
 * transaction (the ELI named graphs in TDB2, a search index, a publisher's cache) follows the journal without a
 * side channel (docs/architecture.md, "The flow of a change").
 *
 * <p>Calls come after the batch's transaction committed, never inside it, in commit order, one at a time, on a
 * thread of the apply call's own (not the committer's): a listener never delays the commit of the batch after it,
 * but while it is more than a couple of batches behind the applier waits for it, so a slow listener slows the run
 * and memory stays bounded. A listener registered on an applier that runs several sources at once is called
 * from each source's apply call and must be thread-safe.
 *
 * <p>A listener that throws changes nothing that was committed: the batch stands, later batches still commit and
 * are still announced, and the failure is reported ({@link ApplyReport#listenerFailures()}, and a finding
 * {@value ListenerFailure#RULE} with the run). A process killed after a commit and before its announcement
 * announces nothing: a listener keeping derived data mends it from the store at the start of a run.
 */
@FunctionalInterface
public interface CommitListener {

    /** The applier committed {@code batch}. */
    void committed(CommittedBatch batch);

    /**
     * The apply call of {@code sourceId} ended (normally or not) and every batch it committed was announced: a
     * listener that buffers may write what it holds. Failures are reported as those of {@link #committed}.
     */
    default void applyEnded(String sourceId, long runId) {
    }
}
