package org.lexsync.engine.harvest;

import org.jspecify.annotations.Nullable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.store.Runs;

/**
 * One harvest's run, the same for every protocol: the run record is started (not in a dry run), the findings
 * about the source's documents are collected and kept with it, planned changes go to the applier — or, in a dry
 * run, to {@link org.lexsync.engine.model.HarvestListener#planned} — the checkpoint the harvester reached is
 * written once its changes are committed, and the run ends {@code succeeded}, {@code finished_with_failures}
 * (with the failure that stopped it) or {@code aborted} (with the exception's message, which the harvester then
 * rethrows). Harvesters keep only their protocol's logic (docs/architecture.md, "The flow of a change").
 */
public final class HarvestRun {
    private final HarvestJob job;
    private final HarvestContext context;
    private final Runs runs;
    private final Long id;
    private final Findings findings;
    private final Set<Finding> stored = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Instant started;
    /** The fence of the source's lease the harvest holds (null: none); its run and checkpoint writes carry it. */
    private final @Nullable LeaseFence fence;
    private boolean finished;

    private HarvestRun(HarvestJob job, HarvestContext context, @Nullable Findings findings, @Nullable Instant started) {
        this.job = Objects.requireNonNull(job, "job");
        this.context = Objects.requireNonNull(context, "context");
        this.runs = context.runStore().runs();
        this.findings = findings == null ? new Findings() : findings;
        this.started = started == null ? Instant.now() : started;
        this.fence = job.dryRun() ? null : context.applier().fence();
        this.id = job.dryRun() ? null : runs.start(job.sourceId(), fence);
    }

    /** Starts the run of {@code job} now, with findings of its own. */
    public static HarvestRun start(HarvestJob job, HarvestContext context) {
        return new HarvestRun(job, context, null, null);
    }

    /**
     * Starts the run of {@code job}, collecting into {@code findings} (already gathered by reading the source's
     * entry documents, say) and timing the harvest from {@code started}.
     */
    public static HarvestRun start(HarvestJob job, HarvestContext context, @Nullable Findings findings,
                                   @Nullable Instant started) {
        return new HarvestRun(job, context, findings, started);
    }

    /** The run record's id; null in a dry run (which records nothing). */
    public @Nullable Long id() {
        return id;
    }

    public HarvestJob job() {
        return job;
    }

    /** The findings of this harvest (kept with the run when it ends, unless {@link #record}ed before). */
    public Findings findings() {
        return findings;
    }

    /** Adds {@code found} about {@code document} to the findings and keeps them with the run at once. */
    public void record(@Nullable URI document, Findings found) {
        if (found.isEmpty()) {
            return;
        }
        findings.addAll(found);
        if (id != null) {
            runs.addFindings(id, document == null ? null : document.toString(), found);
            found.forEach(stored::add);
        }
    }

    /**
     * Hands {@code changes} to the applier under this run and the job's give-up rule, reporting progress to
     * {@code progress}; in a dry run they are drained to the listener instead ({@link #drain}) and the result is
     * null.
     */
    public @Nullable ApplyReport apply(Iterator<PlannedChange> changes, @Nullable Consumer<ApplyProgress> progress) {
        if (job.dryRun()) {
            drain(changes);
            return null;
        }
        return context.applier().apply(job.sourceId(), changes, id, progress, job.giveUp());
    }

    /**
     * For a run that found nothing new: applies the items that wait to be retried on their own
     * ({@link org.lexsync.engine.apply.Applier#applyRetries}) with the listener's progress; null in a dry run.
     */
    public @Nullable ApplyReport applyRetries() {
        if (job.dryRun()) {
            return null;
        }
        return context.applier().applyRetries(job.sourceId(), id, context.listener()::applied, job.giveUp());
    }

    /** {@link #apply(Iterator, Consumer)} with the listener's progress. */
    public @Nullable ApplyReport apply(Iterator<PlannedChange> changes) {
        return apply(changes, context.listener()::applied);
    }

    /**
     * A dry run's changes: each goes to the listener in the order it would be applied, and any file a planner
     * unpacked for it is deleted; returns how many there were.
     */
    public long drain(Iterator<PlannedChange> changes) {
        long n = 0;
        while (changes.hasNext()) {
            PlannedChange c = changes.next();
            context.listener().planned(c);
            discardLocalFiles(c);
            n++;
        }
        return n;
    }

    /** The checkpoint the store holds for the source now. */
    public @Nullable String storedCheckpoint() {
        return context.store().checkpoint(job.sourceId()).orElse(null);
    }

    /** Stores {@code value} as the source's checkpoint unless it is already (never in a dry run); returns it. */
    public String saveCheckpoint(String value) {
        if (!job.dryRun() && !Objects.equals(value, storedCheckpoint())) {
            context.store().setCheckpoint(job.sourceId(), value, fence);
        }
        return value;
    }

    /**
     * The report of a run that a source document stopped midway: the counts so far with one failure, which is
     * also the gap, and the checkpoint the store holds.
     */
    public ApplyReport stopped(ChangeFailure failure, @Nullable RunCounts soFar, Duration elapsed) {
        RunCounts c = soFar == null ? RunCounts.ZERO : soFar;
        RunCounts counts = new RunCounts(c.created(), c.updated(), c.deleted(), c.unchanged(), 1);
        return new ApplyReport(job.sourceId(), id == null ? 0 : id, counts, storedCheckpoint(), failure, 0,
                List.of(failure), elapsed);
    }

    /**
     * Ends the run by the applier's report: {@code succeeded} when every change was committed, else
     * {@code finished_with_failures} with the gap (or the first failure) in words. A null report (nothing was
     * applied) succeeds with nothing counted.
     */
    public void finish(@Nullable ApplyReport report) {
        if (report == null) {
            finish(RunStatus.SUCCEEDED, RunCounts.ZERO, null);
            return;
        }
        finish(report.complete() ? RunStatus.SUCCEEDED : RunStatus.FINISHED_WITH_FAILURES, report.counts(),
                failureText(report));
    }

    /** Ends the run: keeps the findings not kept yet, then records status, counts and error text. Once only. */
    public void finish(RunStatus status, RunCounts counts, @Nullable String error) {
        if (finished) {
            return;
        }
        finished = true;
        if (id == null) {
            return;
        }
        Findings rest = new Findings();
        for (Finding f : findings) {
            if (!stored.contains(f)) {
                rest.add(f);
            }
        }
        if (!rest.isEmpty()) {
            runs.addFindings(id, null, rest);
        }
        // a run the fence stopped is ended by its own holder as interrupted, unfenced: the run row is its own
        try {
            runs.finish(id, status, counts, error, status == RunStatus.INTERRUPTED ? null : fence);
        } catch (FencedException e) {
            Findings found = new Findings();
            found.error(FencedException.RULE, e.getMessage(), 0, 0);
            findings.addAll(found);
            runs.addFindings(id, null, found);
            runs.finish(id, RunStatus.INTERRUPTED, counts, FencedException.RULE + ": " + e.getMessage());
            throw e;
        }
    }

    /**
     * Ends the run as {@code aborted} by {@code e} (unless it already ended), with what was committed so far;
     * returns {@code e} for the harvester to rethrow.
     */
    public <E extends RuntimeException> E abort(E e, @Nullable RunCounts soFar) {
        FencedException fenced = fenced(e);
        if (fenced != null) {
            // the lease moved on: not a failure of the source's items; the run stops, interrupted, with the finding
            findings.error(FencedException.RULE, fenced.getMessage(), 0, 0);
            finish(RunStatus.INTERRUPTED, soFar == null ? RunCounts.ZERO : soFar,
                    FencedException.RULE + ": " + fenced.getMessage());
            return e;
        }
        finish(RunStatus.ABORTED, soFar == null ? RunCounts.ZERO : soFar, e.getMessage() != null ? e.getMessage()
                : e.toString());
        return e;
    }

    /** The fence's refusal in {@code e}'s causes, if that is what stopped the harvest. */
    private static @Nullable FencedException fenced(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof FencedException f) {
                return f;
            }
        }
        return null;
    }

    /** True once the run ended. */
    public boolean finished() {
        return finished;
    }

    /** Time since the harvest started. */
    public Duration elapsed() {
        return Duration.between(started, Instant.now());
    }

    /** The harvest's report: the apply report (null in a dry run), what {@code reader} read, the findings. */
    public HarvestReport report(String protocol, @Nullable ApplyReport apply, SourceReader reader, long planned) {
        return new HarvestReport(job.sourceId(), protocol, apply, reader.documents(), reader.bytes(), planned,
                findings, elapsed());
    }

    /** The gap, or else the first failure, as {@code reason: message}; null when every change was committed. */
    static String failureText(ApplyReport apply) {
        ChangeFailure f = apply.gap() != null ? apply.gap() : apply.failures().isEmpty() ? null : apply.failures().get(0);
        return f == null ? null : f.reason() + ": " + f.message();
    }

    private static void discardLocalFiles(PlannedChange c) {
        for (PlannedRepresentation r : c.representations()) {
            if (r.localFile() != null) {
                try {
                    Files.deleteIfExists(r.localFile());
                } catch (IOException ignored) {
                    // the temp directory's cleanup takes it
                }
            }
        }
    }
}
