package org.lexsync.engine.apply;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.model.PlannedChange;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
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
 * The one shared applier (docs/architecture.md, "The flow of a change"): takes a planner's stream of intended changes
 * for one source, fetches and verifies what they need on virtual threads (politeness lives in the {@link Fetcher}),
 * keeps a bounded window in flight (docs/architecture.md, invariant 3), and commits the results strictly in the
 * planner's order (docs/architecture.md, invariant 6), many changes per transaction, each with its checkpoint
 * (docs/architecture.md, invariant 2). A change that fails stops the checkpoint before it: later changes are not
 * committed and the run ends there (docs/architecture.md, invariant 1); the failure is recorded for a later retry.
 * Re-applying identical changes adds no journal row.
 *
 * <p>The give-up rule (docs/architecture.md, invariant 6, {@link GiveUpRule}): an item that failed in too many
 * consecutive runs, or for too long, is quarantined instead of stopping the run; a snapshot's item that fails ({@link
 * PlannedChange#unordered()}) is skipped. Both are stored with their change and retried on their own at the start of
 * later runs, so the checkpoint may pass them; a success clears them.
 *
 * <p>Give the fetcher the store's {@link org.lexsync.engine.store.FileBlobStore#tempDirectory()} as its temp directory,
 * so that large bodies are renamed into the blob store instead of copied. One applier may run several sources at once,
 * each {@code apply} call on its own thread.
 *
 * <p>{@link CommitListener}s ({@link Builder#listener}, {@link #withListener}) are told about every committed batch —
 * its changes with their journal sequence numbers — after its transaction, in commit order, on a thread of the apply
 * call's own ({@link CommitAnnouncer}); one that throws leaves the commit standing and later batches committing, and is
 * reported in {@link ApplyReport#listenerFailures()} and with the run (docs/architecture.md, "The flow of a change").
 */
public final class Applier {
    /** Changes whose stored state is read in one query before they go to the workers. */
    private static final int LOOKUP_CHUNK = 64;
    /** Batches that may wait for the committer while the next one is gathered. */
    private static final int COMMITS_IN_FLIGHT = 2;
    /** Default {@code maxBatchSize} as a multiple of {@code batchSize}. */
    private static final int GROWTH = 4;

    private final Fetcher fetcher;
    private final Store store;
    private final BlobStore files;
    private final int window;
    private final int batchSize;
    private final int maxBatchSize;
    private final long batchBytes;
    private final Duration maxBatchDelay;
    private final int attempts;
    private final Duration retryDelay;
    private final Duration maxRetryDelay;
    private final Duration failureBackoff;
    private final int readAhead;
    private final List<CommitListener> listeners;

    private Applier(Builder b) {
        this.fetcher = b.fetcher;
        this.store = b.store;
        this.files = b.files != null ? b.files : b.store.fileBlobs();
        this.window = b.window;
        this.batchSize = b.batchSize;
        this.maxBatchSize = b.maxBatchSize > 0 ? b.maxBatchSize : b.batchSize * GROWTH;
        this.batchBytes = b.batchBytes;
        this.maxBatchDelay = b.maxBatchDelay;
        this.attempts = b.attempts;
        this.retryDelay = b.retryDelay;
        this.maxRetryDelay = b.maxRetryDelay;
        this.failureBackoff = b.failureBackoff;
        this.readAhead = b.readAhead;
        this.listeners = List.copyOf(b.listeners);
    }

    /** A copy of {@code base} that also tells {@code listener}. */
    private Applier(Applier base, CommitListener listener) {
        this.fetcher = base.fetcher;
        this.store = base.store;
        this.files = base.files;
        this.window = base.window;
        this.batchSize = base.batchSize;
        this.maxBatchSize = base.maxBatchSize;
        this.batchBytes = base.batchBytes;
        this.maxBatchDelay = base.maxBatchDelay;
        this.attempts = base.attempts;
        this.retryDelay = base.retryDelay;
        this.maxRetryDelay = base.maxRetryDelay;
        this.failureBackoff = base.failureBackoff;
        this.readAhead = base.readAhead;
        List<CommitListener> all = new ArrayList<>(base.listeners);
        all.add(Objects.requireNonNull(listener, "listener"));
        this.listeners = List.copyOf(all);
    }

    /** An applier fetching with {@code fetcher} into {@code store}. */
    public static Builder builder(Fetcher fetcher, Store store) {
        return new Builder(fetcher, store);
    }

    /**
     * This applier, with the same options and listeners, also telling {@code listener} about its commits: for a
     * listener that belongs to one harvest (the ELI graphs of one run) while the applier is shared. This applier is
     * not changed.
     */
    public Applier withListener(CommitListener listener) {
        return new Applier(this, listener);
    }

    /** Applies the changes of one source, recording a run; see {@link #apply(String, Iterator, Long, Consumer)}. */
    public ApplyReport apply(String sourceId, Iterator<PlannedChange> changes) {
        return apply(sourceId, changes, null, null);
    }

    /** Applies a stream of changes (closed afterwards); see {@link #apply(String, Iterator, Long, Consumer)}. */
    public ApplyReport apply(String sourceId, java.util.stream.Stream<PlannedChange> changes, @Nullable Long runId,
                             @Nullable Consumer<ApplyProgress> progress) {
        try (changes) {
            return apply(sourceId, changes.iterator(), runId, progress);
        }
    }

    /**
     * Applies {@code changes} (all of source {@code sourceId}, in the source's order) and returns what
     * happened. {@code runId} null starts and finishes a run record here; otherwise the caller owns the
     * run. {@code progress} (may be null) is called on this thread after every committed batch.
     */
    public ApplyReport apply(String sourceId, Iterator<PlannedChange> changes, @Nullable Long runId,
                             @Nullable Consumer<ApplyProgress> progress) {
        return apply(sourceId, changes, runId, progress, GiveUpRule.DEFAULT);
    }

    /** Applies a stream of changes (closed afterwards) under {@code giveUp}; see {@link #apply(String, Iterator, Long, Consumer, GiveUpRule)}. */
    public ApplyReport apply(String sourceId, java.util.stream.Stream<PlannedChange> changes, @Nullable Long runId,
                             @Nullable Consumer<ApplyProgress> progress, GiveUpRule giveUp) {
        try (changes) {
            return apply(sourceId, changes.iterator(), runId, progress, giveUp);
        }
    }

    /**
     * As {@link #apply(String, Iterator, Long, Consumer)}, with the source's give-up rule: first the items that
     * wait to be retried on their own, then {@code changes}.
     */
    public ApplyReport apply(String sourceId, Iterator<PlannedChange> changes, @Nullable Long runId,
                             @Nullable Consumer<ApplyProgress> progress, GiveUpRule giveUp) {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(changes, "changes");
        Objects.requireNonNull(giveUp, "giveUp");
        return apply(sourceId, changes, runId, progress, giveUp, null);
    }

    /**
     * Applies the changes of ONE ingested document group as ONE transaction, with the group's own state written in it
     * (EUCases D2.1 §3.2; docs/architecture.md, "Ingestion"): every change is prepared (verified against its promised
     * digests, blobs made durable) before anything commits; when one fails, nothing is committed and nothing is
     * recorded to be retried alone (the group is refused whole and its uploader sends it again), and the report's
     * gap names the failure. Records a run. The batch-size and batch-delay options do not split such a call, so its
     * size is the group's: keep groups to what one transaction should hold.
     */
    public ApplyReport applyGroup(String sourceId, List<PlannedChange> changes, GroupWrite group) {
        Objects.requireNonNull(group, "group");
        return apply(sourceId, changes.iterator(), null, null, GiveUpRule.DEFAULT, List.of(group));
    }

    /**
     * As {@link #applyGroup(String, List, GroupWrite)} for several groups of one source in ONE transaction (group
     * commit: one fsync for them all), counted into the run {@code runId} that the caller holds. The groups must not
     * touch the same resources; when one change fails, none of them is committed.
     */
    public ApplyReport applyGroups(String sourceId, List<PlannedChange> changes, List<GroupWrite> groups, long runId) {
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("no group to apply");
        }
        return apply(sourceId, changes.iterator(), runId, null, GiveUpRule.DEFAULT, groups);
    }

    private ApplyReport apply(String sourceId, Iterator<PlannedChange> changes, @Nullable Long runId,
                              @Nullable Consumer<ApplyProgress> progress, GiveUpRule giveUp,
                              @Nullable List<GroupWrite> group) {
        long run = runId != null ? runId : store.runs().start(sourceId);
        Run r = new Run(sourceId, run, progress, giveUp, group);
        try (r) {
            ApplyReport report = r.execute(changes);
            if (runId == null) {
                RunStatus status = report.complete() ? RunStatus.SUCCEEDED : RunStatus.FINISHED_WITH_FAILURES;
                store.runs().finish(run, status, report.counts(),
                        report.gap() == null ? null : report.gap().reason() + ": " + report.gap().message());
            }
            return report;
        } catch (RuntimeException e) {
            if (runId == null) {
                try {
                    store.runs().finish(run, RunStatus.ABORTED, r.counts(0), e.toString());
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** A batch handed to the committer, with what the calling thread books once it is committed. */
    private record PendingCommit(List<Prepared> batch, String checkpoint, Future<List<WriteOutcome>> outcomes) {
    }

    /** The state of one apply call; used by the calling thread only (workers prepare, the committer commits). */
    private final class Run implements AutoCloseable {
        private final String sourceId;
        private final long runId;
        private final Consumer<ApplyProgress> progress;
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
        /** Writes batches to the store, one at a time and in order, while this thread plans the next. */
        private final ExecutorService committer = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("lexsync-commit").daemon(true).factory());
        /** Batches handed to the committer and not yet booked, oldest first (at most {@link #COMMITS_IN_FLIGHT}). */
        private final ArrayDeque<PendingCommit> pendingCommits = new ArrayDeque<>();
        /** Set by the committer thread when a batch fails; read by it before each later batch. */
        private volatile boolean commitFailed;
        /** Tells the listeners about committed batches; null when there are none. */
        private final CommitAnnouncer announcer;
        private final ChangePreparer preparer = new ChangePreparer(fetcher, store, files, attempts, retryDelay,
                maxRetryDelay);
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

        Run(String sourceId, long runId, Consumer<ApplyProgress> progress, GiveUpRule giveUp,
            @Nullable List<GroupWrite> group) {
            this.sourceId = sourceId;
            this.runId = runId;
            this.progress = progress;
            this.giveUp = giveUp;
            this.group = group;
            this.announcer = listeners.isEmpty() ? null : new CommitAnnouncer(sourceId, runId, listeners, store);
        }

        ApplyReport execute(Iterator<PlannedChange> planner) {
            if (group != null) {
                // a group is all or nothing: no item of it is ever retried alone, none is read ahead
                return execute0(planner);
            }
            for (ItemFailure f : store.failures().list(sourceId)) {
                knownFailures.put(f.resourceUri(), f);
            }
            Iterator<PlannedChange> all = Retries.before(store, sourceId, runId, Instant.now(), planner);
            if (readAhead == 0) {
                return execute0(all);
            }
            try (ReadAhead ahead = new ReadAhead(all, readAhead, "lexsync-plan-" + sourceId)) {
                return execute0(ahead);
            }
        }

        private ApplyReport execute0(Iterator<PlannedChange> changes) {
            checkpoint = store.sources().checkpoint(sourceId).orElse(null);
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
                if (stateKnown && !change.isDelete()) {
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
                    group == null ? List.of() : group);
            groupFlushed = group != null;
            List<Prepared> committing = List.copyOf(batch);
            String reached = batchCheckpoint;
            pendingCommits.add(new PendingCommit(committing, reached,
                    committer.submit(() -> commitInOrder(commit, committing))));
            batch.clear();
            batchInlineBytes = 0;
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

    /** Options of an {@link Applier}; every value is checked when set. */
    public static final class Builder {
        private final Fetcher fetcher;
        private final Store store;
        private BlobStore files;
        private int window = 256;
        private int batchSize = 500;
        private int maxBatchSize;
        private long batchBytes = 16L * 1024 * 1024;
        private Duration maxBatchDelay = Duration.ofMillis(200);
        private int attempts = 2;
        private Duration retryDelay = Duration.ofSeconds(1);
        private Duration maxRetryDelay = Duration.ofSeconds(30);
        private Duration failureBackoff = Duration.ofMinutes(15);
        private int readAhead = 256;
        private final List<CommitListener> listeners = new ArrayList<>();

        private Builder(Fetcher fetcher, Store store) {
            this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
            this.store = Objects.requireNonNull(store, "store");
        }

        /** Where blobs larger than the store's small-blob size go (default: the store's file blobs). */
        public Builder largeBlobs(BlobStore blobs) {
            this.files = Objects.requireNonNull(blobs, "blobs");
            return this;
        }

        /** Changes prepared ahead of the oldest uncommitted one (default 256); bounds memory. */
        public Builder window(int n) {
            this.window = atLeast(n, 1, "window");
            return this;
        }

        /** Changes per transaction while the store keeps up (default 500). */
        public Builder batchSize(int n) {
            this.batchSize = atLeast(n, 1, "batchSize");
            return this;
        }

        /**
         * Changes per transaction at most: while the committer is still busy with earlier batches the
         * waiting batch grows up to this size instead of queueing behind them (default 4 × batchSize; set it
         * to batchSize for batches of exactly that size).
         */
        public Builder maxBatchSize(int n) {
            this.maxBatchSize = atLeast(n, 1, "maxBatchSize");
            return this;
        }

        /** Inline blob bytes per transaction at most (default 16 MiB). */
        public Builder batchBytes(long n) {
            if (n < 1) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "batchBytes must be >= 1, was %d", n));
            }
            this.batchBytes = n;
            return this;
        }

        /** How long ready changes wait for a slow one before they are committed anyway (default 200 ms). */
        public Builder maxBatchDelay(Duration d) {
            this.maxBatchDelay = nonNegative(d, "maxBatchDelay");
            return this;
        }

        /** Tries per change within a run, on top of the fetcher's own retries (default 2). */
        public Builder attempts(int n) {
            this.attempts = atLeast(n, 1, "attempts");
            return this;
        }

        /** Pause before trying a failed change again in the same run (default 1 s, or the server's Retry-After). */
        public Builder retryDelay(Duration d) {
            this.retryDelay = nonNegative(d, "retryDelay");
            return this;
        }

        /** A retry that would wait longer than this is left to a later run (default 30 s). */
        public Builder maxRetryDelay(Duration d) {
            this.maxRetryDelay = nonNegative(d, "maxRetryDelay");
            return this;
        }

        /** Base of the next-try time recorded for a failed change, doubled per failure (default 15 min). */
        public Builder failureBackoff(Duration d) {
            this.failureBackoff = nonNegative(d, "failureBackoff");
            return this;
        }

        /**
         * Changes the planner may run ahead of the applier on a thread of its own (default 256); 0 pulls the
         * planner on the applier's thread. Each change waiting holds its local bytes, so this bounds memory too.
         */
        public Builder readAhead(int n) {
            this.readAhead = atLeast(n, 0, "readAhead");
            return this;
        }

        /**
         * Tells {@code listener} about every committed batch of every apply call, after its transaction (see
         * {@link CommitListener}); may be called several times, listeners are told in the order they were added.
         */
        public Builder listener(CommitListener listener) {
            this.listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        public Applier build() {
            if (maxBatchSize > 0 && maxBatchSize < batchSize) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "maxBatchSize (%d) must be >= batchSize (%d)", maxBatchSize, batchSize));
            }
            return new Applier(this);
        }

        private static int atLeast(int n, int min, String what) {
            if (n < min) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be >= %d, was %d", what, min, n));
            }
            return n;
        }

        private static Duration nonNegative(Duration d, String what) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must not be negative, was %s", what, d));
            }
            return d;
        }
    }
}
