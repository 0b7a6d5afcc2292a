package org.lexsync.engine.apply;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.CommittedBatch;
import org.lexsync.engine.model.CommittedChange;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.WriteOutcome;

/**
 * Tells an apply call's {@link CommitListener}s about its committed batches on a thread of their own (a
 * {@link SerialLane}), in commit
 * order, so that the committer goes on with the next transaction while they work; at most {@value #BACKLOG}
 * batches wait for them (then the committer waits: memory stays bounded). A listener that throws is reported — kept
 * for the {@link org.lexsync.engine.model.ApplyReport} and recorded with the run as a finding — and the others,
 * and later batches, are still told.
 */
final class CommitAnnouncer {
    /** Committed batches that may wait for the listeners. */
    static final int BACKLOG = 2;

    private final String sourceId;
    private final long runId;
    private final List<CommitListener> listeners;
    private final Store store;
    /** The listeners' thread: one of the shared {@link ApplyThreads}, borrowed while batches wait to be announced. */
    private final SerialLane thread;
    private final Semaphore room = new Semaphore(BACKLOG);
    /** Written on the listener thread, read once it has ended. */
    private final List<ListenerFailure> failures = new ArrayList<>();
    private boolean ended;

    CommitAnnouncer(String sourceId, long runId, List<CommitListener> listeners, Store store) {
        this.sourceId = sourceId;
        this.runId = runId;
        this.listeners = listeners;
        this.store = store;
        this.thread = new SerialLane("lexsync-listen-" + sourceId);
    }

    /**
     * Called on the committer thread once {@code batch} committed with {@code outcomes} (one per write, in order):
     * queues its announcement, waiting while {@value #BACKLOG} batches are queued. The commit stands whatever
     * happens here, so an interrupt does not stop the wait.
     */
    void committed(List<Prepared> batch, List<WriteOutcome> outcomes, String checkpoint) {
        room.acquireUninterruptibly();
        try {
            thread.execute(() -> {
                try {
                    announce(batch(batch, outcomes, checkpoint));
                } finally {
                    room.release();
                }
            });
        } catch (RejectedExecutionException e) {
            room.release(); // the apply call gave up waiting for its committer: nobody listens any more
        }
    }

    /**
     * Tells the listeners the apply call ended, once every queued batch was announced, and waits for them up to
     * {@code wait} (null: as long as they take); returns the listener failures of the whole call. Called once the
     * committer is done.
     */
    List<ListenerFailure> end(Duration wait) throws InterruptedException {
        if (!ended) {
            ended = true;
            thread.execute(() -> {
                for (CommitListener l : listeners) {
                    try {
                        l.applyEnded(sourceId, runId);
                    } catch (VirtualMachineError e) {
                        throw e;
                    } catch (RuntimeException | Error e) {
                        report(new ListenerFailure(name(l), null, 0, 0, 0, e.toString()));
                    }
                }
            });
            thread.shutdown();
        }
        if (wait == null) {
            while (!thread.awaitTermination(1, TimeUnit.MINUTES)) {
                // listeners still at work: the run's report waits for them
            }
        } else if (!thread.awaitTermination(wait.toNanos(), TimeUnit.NANOSECONDS)) {
            return List.of(); // still running: what it reports goes to the run's findings alone
        }
        return List.copyOf(failures);
    }

    private CommittedBatch batch(List<Prepared> batch, List<WriteOutcome> outcomes, String checkpoint) {
        List<CommittedChange> changes = new ArrayList<>(batch.size());
        int write = 0;
        for (Prepared p : batch) {
            if (p instanceof Prepared.Ready) {
                WriteOutcome o = outcomes.get(write++);
                changes.add(new CommittedChange(p.change(), o.kind(), o.seq()));
            } else {
                changes.add(new CommittedChange(p.change(), null, 0));
            }
        }
        return new CommittedBatch(sourceId, runId, changes, checkpoint);
    }

    private void announce(CommittedBatch batch) {
        for (CommitListener l : listeners) {
            try {
                l.committed(batch);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (RuntimeException | Error e) {
                String first = batch.changes().isEmpty() ? null : batch.changes().get(0).resourceUri();
                report(new ListenerFailure(name(l), first, batch.changes().size(), batch.firstSeq(), batch.lastSeq(),
                        e.toString()));
            }
        }
    }

    private void report(ListenerFailure f) {
        failures.add(f);
        try {
            store.runs().addFindings(runId, f.firstUri(), List.of(f.finding()));
        } catch (RuntimeException e) {
            // the store refuses even that: the report still carries the failure
        }
    }

    private static String name(CommitListener l) {
        return l.getClass().getSimpleName().isEmpty() ? l.getClass().getName() : l.getClass().getSimpleName();
    }
}
