package org.lexsync.engine.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.FencedException;

/**
 * Group commit across sources (docs/architecture.md, "Concurrency"): batches committed at the same moment by different
 * threads of this process — several crawlers' document groups, several sources' harvests — go into ONE transaction.
 * Every journal commit takes the journal counter's row lock and flushes the log, so concurrent transactions queue
 * behind each other anyway; one transaction for the batches waiting by then pays that once.
 *
 * <p>The first thread to find no commit running leads: it takes every batch queued so far (in arrival order, so one
 * source's batches stay in order), checks each batch's lease fence first, writes the batches whose fence holds in
 * that order — each table's rows of all of them in one statement batch ({@link BatchWriter#write}) — and commits. A fenced batch is refused alone (a refused fence check writes nothing); the others commit.
 * When the shared transaction fails for any other reason, each of its batches is committed again in a transaction of
 * its own, so that a batch the store refuses fails alone with its own error. Each batch is still all or nothing.
 */
final class CommitCombiner {
    /** Batches one shared transaction takes at most. */
    static final int MAX_BATCHES = 64;
    /** Writes one shared transaction takes at most (a larger batch still goes, alone or first). */
    static final int MAX_WRITES = 4_000;

    /** A batch waiting for a commit, and what became of it. */
    private static final class Pending {
        final CommitBatch batch;
        volatile boolean done;
        @Nullable List<WriteOutcome> outcomes;
        @Nullable RuntimeException failure;

        Pending(CommitBatch batch) {
            this.batch = batch;
        }

        List<WriteOutcome> result() {
            if (failure != null) {
                throw failure;
            }
            return List.copyOf(outcomes);
        }
    }

    private final Db db;
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock leader = new ReentrantLock();

    CommitCombiner(Db db) {
        this.db = db;
    }

    /** Commits {@code batch}, in a transaction shared with the batches other threads commit at the same time. */
    List<WriteOutcome> commit(CommitBatch batch) {
        Pending mine = new Pending(batch);
        queue.add(mine);
        leader.lock();
        try {
            while (!mine.done) {
                lead();
            }
        } finally {
            leader.unlock();
        }
        return mine.result();
    }

    /** Batches queued and not yet taken by a leader (for tests). */
    int waiting() {
        return queue.size();
    }

    /** Takes the batches queued so far (up to the limits) and commits them. */
    private void lead() {
        List<Pending> taken = new ArrayList<>();
        int writes = 0;
        for (Pending p; taken.size() < MAX_BATCHES && (p = queue.peek()) != null; ) {
            if (!taken.isEmpty() && writes + p.batch.writes().size() > MAX_WRITES) {
                break;
            }
            queue.poll();
            taken.add(p);
            writes += p.batch.writes().size();
        }
        try {
            if (taken.size() == 1) {
                alone(taken.get(0));
            } else {
                together(taken);
            }
        } finally {
            taken.forEach(p -> p.done = true);
        }
    }

    private void together(List<Pending> taken) {
        List<FencedException> refused = new ArrayList<>();
        try {
            db.write("commit batches for " + taken.size() + " sources", c -> {
                refused.clear();
                List<Pending> admitted = new ArrayList<>();
                Set<LeaseFence> holding = SourceLeases.holding(c, taken.stream().map(p -> p.batch.fence())
                        .filter(Objects::nonNull).distinct().toList(), db.sqlite());
                for (Pending p : taken) {
                    try {
                        if (p.batch.fence() != null && !holding.contains(p.batch.fence())) {
                            SourceLeases.check(c, p.batch.fence()); // moved on: throws, naming the holder now
                        }
                        admitted.add(p);
                    } catch (FencedException e) {
                        p.failure = e;
                        refused.add(e);
                    }
                }
                if (!admitted.isEmpty()) {
                    JournalCounter counter = JournalCounter.lock(c);
                    List<List<WriteOutcome>> outcomes = BatchWriter.write(c,
                            admitted.stream().map(p -> p.batch).toList(), db.sqlite(), counter);
                    counter.storeAndNotify(c, !db.sqlite());
                    for (int i = 0; i < admitted.size(); i++) {
                        admitted.get(i).outcomes = outcomes.get(i);
                    }
                }
                return null;
            });
            refused.forEach(e -> db.countFenced());
        } catch (RuntimeException e) {
            // one batch broke the shared transaction (or the store failed): nothing of it committed; each again alone
            for (Pending p : taken) {
                p.outcomes = null;
                p.failure = null;
                alone(p);
            }
        }
    }

    private void alone(Pending p) {
        try {
            p.outcomes = db.write("commit batch for source " + p.batch.sourceId(), c -> {
                return BatchWriter.commit(c, p.batch, db.sqlite()); // stores the counter and notifies
            });
        } catch (RuntimeException e) {
            p.failure = e;
        }
    }
}
