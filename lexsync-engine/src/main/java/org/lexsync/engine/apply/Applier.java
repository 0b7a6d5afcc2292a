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
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.model.FencedException;
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
    /** Default {@code maxBatchSize} as a multiple of {@code batchSize}. */
    private static final int GROWTH = 4;

    private final ApplierSettings settings;

    private Applier(ApplierSettings settings) {
        this.settings = settings;
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
        return new Applier(settings.withListener(listener));
    }

    /** The fence this applier's writes carry (see {@link Builder#fence}); null when they are not fenced. */
    public @Nullable LeaseFence fence() {
        return settings.fence();
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
     * Applies only the items of {@code sourceId} that wait to be retried on their own (docs/architecture.md, invariant
     * 6), under {@code giveUp}, in the run {@code runId} that the caller holds: for a run that found nothing new, such
     * as an unchanged feed. With no planner to pull, no read-ahead thread is borrowed (a scheduled check that finds its
     * feed unchanged hands nothing to another thread), and the report is that of an apply call with no changes.
     */
    public ApplyReport applyRetries(String sourceId, long runId, @Nullable Consumer<ApplyProgress> progress,
                                    GiveUpRule giveUp) {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(giveUp, "giveUp");
        return apply(sourceId, null, runId, progress, giveUp, null);
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

    /** {@code changes} null: the due retries alone ({@link #applyRetries}). */
    private ApplyReport apply(String sourceId, @Nullable Iterator<PlannedChange> changes, @Nullable Long runId,
                              @Nullable Consumer<ApplyProgress> progress, GiveUpRule giveUp,
                              @Nullable List<GroupWrite> group) {
        Store store = settings.store();
        LeaseFence fence = fenceOf(sourceId);
        long run = runId != null ? runId : store.runs().start(sourceId, fence);
        ApplyRun r = new ApplyRun(settings, sourceId, run, progress, giveUp, group);
        try (r) {
            ApplyReport report = changes == null ? r.executeRetries() : r.execute(changes);
            if (runId == null) {
                RunStatus status = report.complete() ? RunStatus.SUCCEEDED : RunStatus.FINISHED_WITH_FAILURES;
                store.runs().finish(run, status, report.counts(),
                        report.gap() == null ? null : report.gap().reason() + ": " + report.gap().message(), fence);
            }
            return report;
        } catch (FencedException e) {
            if (runId == null) {
                try {
                    store.runs().finish(run, RunStatus.INTERRUPTED, r.counts(0), FencedException.RULE + ": "
                            + e.getMessage()); // the run is this holder's own: its end is not fenced
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
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


    /** The fence for writes of {@code sourceId} (null: none); an applier fenced for another source refuses it. */
    private @Nullable LeaseFence fenceOf(String sourceId) {
        LeaseFence fence = settings.fence();
        if (fence != null && !fence.sourceId().equals(sourceId)) {
            throw new IllegalArgumentException("this applier holds the lease of source " + fence.sourceId()
                    + ", not of " + sourceId);
        }
        return fence;
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
        private @Nullable LeaseFence fence;

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

        /**
         * The fence of the lease the caller holds for the sources it applies to (docs/architecture.md, "Concurrency"):
         * every commit, run start and run end carries it and is refused once the lease moved on, which stops the
         * apply with a {@link FencedException} (default: none, the writes are not fenced).
         */
        public Builder fence(@Nullable LeaseFence fence) {
            this.fence = fence;
            return this;
        }

        public Applier build() {
            if (maxBatchSize > 0 && maxBatchSize < batchSize) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "maxBatchSize (%d) must be >= batchSize (%d)", maxBatchSize, batchSize));
            }
            return new Applier(new ApplierSettings(fetcher, store, files != null ? files : store.largeBlobs(),
                    window, batchSize, maxBatchSize > 0 ? maxBatchSize : batchSize * GROWTH, batchBytes, maxBatchDelay,
                    attempts, retryDelay, maxRetryDelay, failureBackoff, readAhead, List.copyOf(listeners), fence));
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
