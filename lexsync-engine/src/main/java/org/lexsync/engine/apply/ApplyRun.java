package org.lexsync.engine.apply;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.store.BlobStore;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.store.GroupWrite;
import org.lexsync.engine.model.FailureStatus;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.store.ItemFailures;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.WriteOutcome;

/**
 * One apply call of an {@link Applier} (docs/architecture.md, "The flow of a change"): the calling thread plans and
 * books, virtual-thread workers prepare changes (fetch, verify, blobs durable), one committer thread writes batches in
 * the planner's order. Its state lives as long as the call and is used by the calling thread only; the give-up rule,
 * the recorded failures and the listeners' announcer are kept here.
 */
final class ApplyRun implements AutoCloseable {
    /** Changes whose stored state is read in one query before they go to the workers. */
    private static final int LOOKUP_CHUNK = 64;
    /** Batches that may wait for the committer while the next one is gathered. */
    private static final int COMMITS_IN_FLIGHT = 2;

    private final Store store;
    /** The lease fence every commit carries (null: not fenced). */
    private final @Nullable LeaseFence fence;
    private final int window;
    private final int batchSize;
    private final int maxBatchSize;
    private final long batchBytes;
    private final Duration maxBatchDelay;
    private final Duration failureBackoff;
    private final int readAhead;

/** A batch handed to the committer, with what the calling thread books once it is committed. */
private record PendingCommit(List<Prepared> batch, String checkpoint, Future<List<WriteOutcome>> outcomes) {
}

/** The state of one apply call; used by the calling thread only (workers prepare, the committer commits). */
    private final String sourceId;
    private final long runId;
    private final @Nullable Consumer<ApplyProgress> progress;
    private final GiveUpRule giveUp;
    /**
     * The document groups whose changes this call commits as one transaction ({@link #applyGroup}), or null for a
     * planner's stream committed in batches.
     */
    private final @Nullable List<GroupWrite> group;
    /** Set once the group's transaction was handed to the committer. */
    private boolean groupFlushed;
    /**
     * The recorded failures of this source by resource URI, read once when the run starts and kept up to date:
     * the give-up rule reads them, and a success without a write must clear them too.
     */
    private final Map<String, ItemFailure> knownFailures = new HashMap<>();
    /**
     * Failures decided and not yet written: written together, in one transaction, before the next batch
     * goes to the committer (so no checkpoint passes a failure that is not stored) and when the run ends.
     */
    private final List<ItemFailures.FailedAttempt> unwrittenFailures = new ArrayList<>();
    /** Set once an item failed that no later run retries on its own: no later checkpoint may be stored. */
    private boolean checkpointFrozen;
    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    /**
     * Writes batches to the store, one at a time and in order, while this thread plans the next, on a shared thread
     * borrowed from the first batch handed to it on (never for document groups, committed on the calling thread).
     */
    private final SerialLane committer;
    /** Batches handed to the committer and not yet booked, oldest first (at most {@link #COMMITS_IN_FLIGHT}). */
    private final ArrayDeque<PendingCommit> pendingCommits = new ArrayDeque<>();
    /** Set by the committer thread when a batch fails; read by it before each later batch. */
    private volatile boolean commitFailed;
    /** Tells the listeners about committed batches; null when there are none. */
    private final @Nullable CommitAnnouncer announcer;
    private final ChangePreparer preparer;
    private final ArrayDeque<Future<Prepared>> inFlight = new ArrayDeque<>();
    /** Changes per resource URI submitted and not yet committed: a later one must not trust the stored state. */
    private final Map<String, Integer> pendingPerUri = new HashMap<>();
    private final List<Prepared> batch = new ArrayList<>();
    /** Changes that failed: the unordered ones the run went past, then the gap that stopped it, if any. */
    private final List<ChangeFailure> failures = new ArrayList<>();
    private final Instant started = Instant.now();
    private long batchInlineBytes;
    private long planned;
    private long committed;
    private long created;
    private long updated;
    private long deleted;
    private long unchanged;
    private String checkpoint;

    ApplyRun(ApplierSettings settings, String sourceId, long runId, @Nullable Consumer<ApplyProgress> progress,
             GiveUpRule giveUp, @Nullable List<GroupWrite> group) {
        this.store = settings.store();
        this.fence = settings.fence();
        this.window = settings.window();
        this.batchSize = settings.batchSize();
        this.maxBatchSize = settings.maxBatchSize();
        this.batchBytes = settings.batchBytes();
        this.maxBatchDelay = settings.maxBatchDelay();
        this.failureBackoff = settings.failureBackoff();
        this.readAhead = settings.readAhead();
        this.preparer = new ChangePreparer(settings.fetcher(), store, settings.files(), settings.attempts(),
                settings.retryDelay(), settings.maxRetryDelay());
        this.sourceId = sourceId;
        this.committer = new SerialLane("lexsync-commit-" + sourceId);
        this.runId = runId;
        this.progress = progress;
        this.giveUp = giveUp;
        this.group = group;
        this.announcer = settings.listeners().isEmpty() ? null
                : new CommitAnnouncer(sourceId, runId, settings.listeners(), store);
    }

    ApplyReport execute(Iterator<PlannedChange> planner) {
        if (group != null) {
            // a group is all or nothing: no item of it is ever retried alone, none is read ahead
            return execute0(planner);
        }
        Iterator<PlannedChange> all = Retries.before(sourceId, openFailures(), planner);
        if (readAhead == 0) {
            return execute0(all);
        }
        try (ReadAhead ahead = new ReadAhead(all, readAhead, "lexsync-plan-" + sourceId)) {
            return execute0(ahead);
        }
    }

    /** The due retries alone, with no planner: they are decoded already, so nothing is read ahead. */
    ApplyReport executeRetries() {
        return execute0(Retries.before(sourceId, openFailures(), Collections.emptyIterator()));
    }

    /** Reads the source's recorded failures into {@link #knownFailures}; returns those due to be retried alone. */
    private List<ItemFailures.Retry> openFailures() {
        ItemFailures.Open open = store.failures().open(sourceId, runId, Instant.now(), Retries.PER_RUN);
        for (ItemFailure f : open.failures()) {
            knownFailures.put(f.resourceUri(), f);
        }
        return open.due();
    }

    private ApplyReport execute0(Iterator<PlannedChange> changes) {
        // a crawler's groups carry no checkpoint and none is stored for it: no read per group commit
        checkpoint = group != null ? null : store.sources().checkpoint(sourceId).orElse(null);
        ChangeFailure gap = null;
        RuntimeException plannerFailure = null;
        // Refill in chunks, not one slot at a time: every chunk costs a store lookup round trip, and
        // topping up after each committed change made that one lookup per change.
        int refillAt = window - Math.max(1, Math.min(LOOKUP_CHUNK, window / 4));
        while (true) {
            while (plannerFailure == null && inFlight.size() <= refillAt && changes.hasNext()) {
                plannerFailure = submitChunk(changes);
            }
            Future<Prepared> head = inFlight.peek();
            if (head == null) {
                break;
            }
            Prepared p = awaitHead(head);
            inFlight.poll();
            if (p instanceof Prepared.Failed f && group != null) {
                gap = f.failure();
                break;
            }
            if (p instanceof Prepared.Failed f) {
                ChangeFailure recorded = recordFailure(f);
                if (!f.change().unordered() && !recorded.quarantined()) {
                    gap = recorded;
                    break;
                }
                wentPast(f, recorded);
                continue;
            }
            batch.add(p);
            if (p instanceof Prepared.Ready ready) {
                batchInlineBytes += ready.inlineBytes();
            }
            // Group commit: while the committer is still busy, the batch grows rather than queueing a
            // third one; fewer, larger transactions write each touched page once (SQLite WAL) and fsync less.
            if (group == null && (batchInlineBytes >= batchBytes || batch.size() >= maxBatchSize
                    || batch.size() >= batchSize && committerHasRoom())) {
                flush();
            }
        }
        if (group != null && gap != null) {
            batch.clear(); // a refused group commits nothing (its file blobs wait for gc)
            batchInlineBytes = 0;
            groupFlushed = true;
        }
        flush();
        settle();
        writeFailures();
        // an item that failed (e.g. a retry of an old promise) and was then applied by a later change of the
        // same resource in this run is not a failure of the run: the commit cleared its record
        failures.removeIf(f -> !knownFailures.containsKey(f.resourceUri()));
        long held = 0;
        if (gap != null) {
            failures.add(gap);
            held = inFlight.size();
            for (Future<Prepared> f : inFlight) {
                f.cancel(true);
            }
            inFlight.clear();
        }
        if (plannerFailure != null && gap == null) {
            // Everything the planner produced before it failed is committed; its error ends the run.
            throw plannerFailure;
        }
        RunCounts counts = counts(failures.size());
        return new ApplyReport(sourceId, runId, counts, checkpoint, gap, held, failures,
                Duration.between(started, Instant.now()), listenersDone());
    }

    /**
     * A change failed and the run goes on without it (a snapshot's item, or one the give-up rule
     * quarantined). When no later run retries it on its own, no checkpoint is stored from now on, since
     * every later one would pass it.
     */
    private void wentPast(Prepared.Failed f, ChangeFailure recorded) {
        failures.add(recorded);
        checkpointFrozen |= !recorded.retriedAlone();
        pendingPerUri.computeIfPresent(f.change().resourceUri(), (k, n) -> n == 1 ? null : n - 1);
    }

    RunCounts counts(long failed) {
        return new RunCounts(created, updated, deleted, unchanged, failed);
    }

    /**
     * Takes up to {@link #LOOKUP_CHUNK} changes from the planner, reads the stored state of their
     * resources in one round trip, and hands them to workers. Returns the planner's exception (which
     * stops further planning) after submitting the changes taken before it, or null.
     */
    private RuntimeException submitChunk(Iterator<PlannedChange> changes) {
        int room = Math.min(LOOKUP_CHUNK, window - inFlight.size());
        List<PlannedChange> chunk = new ArrayList<>(room);
        List<Boolean> known = new ArrayList<>(room);
        List<String> lookups = new ArrayList<>(room);
        RuntimeException failure = null;
        while (chunk.size() < room) {
            PlannedChange change;
            try {
                if (!changes.hasNext()) {
                    break;
                }
                change = changes.next();
                if (!sourceId.equals(change.sourceId())) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT,
                            "change of %s belongs to source %s, not %s", change.resourceUri(), change.sourceId(),
                            sourceId));
                }
            } catch (RuntimeException e) {
                failure = e;
                break;
            }
            planned++;
            boolean stateKnown = pendingPerUri.merge(change.resourceUri(), 1, Integer::sum) == 1;
            chunk.add(change);
            known.add(stateKnown);
            if (stateKnown && !change.isDelete() && !allLocal(change)) {
                lookups.add(change.resourceUri());
            }
        }
        Map<String, ResourceState> states = store.resources().getAll(sourceId, lookups);
        for (int i = 0; i < chunk.size(); i++) {
            PlannedChange change = chunk.get(i);
            ResourceState state = known.get(i) ? states.get(change.resourceUri()) : null;
            ResourceState current = state != null && state.active() ? state : null;
            inFlight.add(workers.submit(() -> preparer.prepare(change, current)));
        }
        return failure;
    }

    /**
     * True when every file of the change is already here (a dump's bitstream, an ingested group's file): its
     * preparation reads no stored state — the no-fetch shortcut ({@code ChangePreparer.promisesCurrentState}) needs
     * each file's URL, which a local file has not (it is never taken for one), and conditional GETs are for fetched
     * files; the committer compares with the stored row itself — so the change needs no look-up (one round trip less
     * per ingested group commit), and leaving it out changes no outcome.
     */
    private static boolean allLocal(PlannedChange change) {
        return !change.representations().isEmpty()
                && change.representations().stream().allMatch(PlannedRepresentation::isLocal);
    }

    /** Waits for the head; commits what is already waiting if the head takes longer than the batch delay. */
    private Prepared awaitHead(Future<Prepared> head) {
        try {
            if (group == null && !batch.isEmpty() && !head.isDone()) {
                try {
                    return head.get(maxBatchDelay.toNanos(), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    flush();
                }
            }
            return head.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApplyInterruptedException(sourceId, committed);
        } catch (ExecutionException | CancellationException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("preparing a change failed", cause);
        }
    }

    /**
     * Hands the waiting batch to the committer and returns at once, so that planning, fetching and the
     * next batch go on while the store writes (the single committer thread keeps the planner's order; at
     * most {@link #COMMITS_IN_FLIGHT} batches wait for it). The bookkeeping of a commit happens on this
     * thread, in {@link #settleOldest()}.
     */
    private void flush() {
        writeFailures();
        if (batch.isEmpty() && (group == null || groupFlushed)) {
            return;
        }
        List<ResourceWrite> writes = new ArrayList<>(batch.size());
        List<InlineBlob> inline = new ArrayList<>();
        String batchCheckpoint = null;
        for (Prepared p : batch) {
            if (p instanceof Prepared.Ready ready) {
                writes.add(ready.write());
                inline.addAll(ready.inlineBlobs());
            }
            // once a failed change that is not retried alone was passed, the checkpoint stays where it was
            if (p.change().checkpoint() != null && !checkpointFrozen) {
                batchCheckpoint = p.change().checkpoint();
            }
        }
        while (pendingCommits.size() >= COMMITS_IN_FLIGHT
                || !pendingCommits.isEmpty() && pendingCommits.peek().outcomes().isDone()) {
            settleOldest();
        }
        int alreadyCurrent = (int) batch.stream().filter(p -> p instanceof Prepared.Unchanged).count();
        CommitBatch commit = new CommitBatch(sourceId, runId, writes, inline, batchCheckpoint, alreadyCurrent,
                group == null ? List.of() : group, fence);
        groupFlushed = group != null;
        List<Prepared> committing = List.copyOf(batch);
        String reached = batchCheckpoint;
        pendingCommits.add(new PendingCommit(committing, reached, group != null ? commitHere(commit, committing)
                : committer.submit(() -> commitInOrder(commit, committing))));
        batch.clear();
        batchInlineBytes = 0;
    }

    /**
     * Commits on this thread: document groups are one batch, which nothing is planned beside, so handing it to the
     * committer thread would only start a thread per group commit (which the executor does on its first task).
     */
    private Future<List<WriteOutcome>> commitHere(CommitBatch commit, List<Prepared> committing) {
        try {
            return CompletableFuture.completedFuture(commitInOrder(commit, committing));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private boolean committerHasRoom() {
        return pendingCommits.size() < COMMITS_IN_FLIGHT || pendingCommits.peek().outcomes().isDone();
    }

    /**
     * Runs on the committer thread. Once a batch failed to commit, the batches queued behind it are not
     * committed either: their checkpoints would otherwise move past the changes that were lost.
     */
    private List<WriteOutcome> commitInOrder(CommitBatch commit, List<Prepared> changes) {
        if (commitFailed) {
            throw new CancellationException("an earlier batch of " + sourceId + " failed to commit");
        }
        List<WriteOutcome> outcomes;
        try {
            outcomes = store.commit(commit);
        } catch (RuntimeException | Error e) {
            commitFailed = true;
            throw e;
        }
        if (announcer != null) {
            announcer.committed(changes, outcomes, commit.checkpoint());
        }
        return outcomes;
    }

    /**
     * Waits until the listeners heard of every committed batch and of the end of the call (all batches are
     * committed by now); returns what they reported.
     */
    private List<ListenerFailure> listenersDone() {
        if (announcer == null) {
            return List.of();
        }
        try {
            return announcer.end(null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApplyInterruptedException(sourceId, committed);
        }
    }

    /** Waits for every batch handed to the committer and books them in order. */
    private void settle() {
        while (!pendingCommits.isEmpty()) {
            settleOldest();
        }
    }

    /** Waits for the oldest batch in the committer and books its outcome (counts, checkpoint, progress). */
    private void settleOldest() {
        PendingCommit pending = pendingCommits.poll();
        List<WriteOutcome> outcomes;
        try {
            outcomes = pending.outcomes().get();
        } catch (InterruptedException e) {
            commitFailed = true; // nothing queued behind a batch that may not commit may commit
            pending.outcomes().cancel(true);
            Thread.currentThread().interrupt();
            throw new ApplyInterruptedException(sourceId, committed);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("committing a batch failed", e.getCause());
        }
        for (WriteOutcome o : outcomes) {
            if (o.unchanged()) {
                unchanged++;
            } else {
                switch (o.kind()) {
                    case CREATED -> created++;
                    case UPDATED -> updated++;
                    case DELETED -> deleted++;
                }
            }
        }
        List<String> clear = new ArrayList<>(0);
        for (Prepared p : pending.batch()) {
            if (p instanceof Prepared.Unchanged) {
                unchanged++;
                if (knownFailures.remove(p.change().resourceUri()) != null) {
                    clear.add(p.change().resourceUri());
                }
            } else {
                knownFailures.remove(p.change().resourceUri());
            }
            pendingPerUri.computeIfPresent(p.change().resourceUri(), (k, n) -> n == 1 ? null : n - 1);
        }
        store.failures().clearAll(sourceId, clear); // the commit cleared those of the writes
        if (pending.checkpoint() != null) {
            checkpoint = pending.checkpoint();
        }
        committed += pending.batch().size();
        if (progress != null) {
            progress.accept(new ApplyProgress(sourceId, planned, committed, counts(failures.size())));
        }
    }

    /**
     * Records a failed change under the give-up rule and returns the failure as recorded: the consecutive
     * runs it failed in (once per run), quarantined when the rule gives up on it (or it was already),
     * stored with its change when later runs retry it alone — a skipped snapshot item or a quarantined
     * one (see {@link RetryCodec} for the changes that cannot be stored).
     */
    private ChangeFailure recordFailure(Prepared.Failed failed) {
        ChangeFailure f = failed.failure();
        PlannedChange change = failed.change();
        Instant now = Instant.now();
        Optional<ItemFailure> before = Optional.ofNullable(knownFailures.get(f.resourceUri()));
        int tries = before.map(b -> Objects.equals(b.runId(), runId) ? b.tries() : b.tries() + 1).orElse(1);
        Instant first = before.map(ItemFailure::firstFailed).orElse(now);
        boolean quarantine = before.map(ItemFailure::quarantined).orElse(false)
                || giveUp.givesUp(tries, first, now);
        String retry = quarantine || change.unordered() ? RetryCodec.encode(change) : null;
        FailureStatus status = quarantine ? FailureStatus.QUARANTINED
                : change.unordered() ? FailureStatus.SKIPPED : FailureStatus.HELD;
        Duration wait = failureBackoff.multipliedBy(Math.min(1L << Math.min(tries - 1, 16), 1024));
        if (f.retryAfter() != null && f.retryAfter().compareTo(wait) > 0) {
            wait = f.retryAfter();
        }
        unwrittenFailures.add(new ItemFailures.FailedAttempt(sourceId, f.resourceUri(), f.url(), f.reason(),
                f.message(), runId, now.plus(wait), status, tries, retry));
        knownFailures.put(f.resourceUri(), new ItemFailure(sourceId, f.resourceUri(), f.url(), f.reason(),
                f.message(), tries, first, now, now.plus(wait), runId, status));
        // a quarantined change without a stored form is retried when its harvester plans it again
        return f.recorded(status, tries, retry != null || quarantine);
    }

    /** Writes the failures decided since the last write, in one transaction. */
    private void writeFailures() {
        if (!unwrittenFailures.isEmpty()) {
            store.failures().recordAll(unwrittenFailures);
            unwrittenFailures.clear();
        }
    }

    @Override
    public void close() {
        for (Future<Prepared> f : inFlight) {
            f.cancel(true);
        }
        committer.shutdown();
        // a batch already handed over finishes (it is one transaction either way), also when this thread was
        // interrupted (SIGINT/SIGTERM on the command line): wait for it with the interrupt set aside
        boolean interrupted = Thread.interrupted();
        try {
            committer.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (announcer != null) {
            // the batches committed before an exception or an interrupt are announced all the same
            try {
                announcer.end(Duration.ofMinutes(1));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        workers.shutdownNow();
        try {
            workers.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
