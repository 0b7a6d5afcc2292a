package org.lexsync.engine.harvest;

import java.util.Iterator;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.RunCounts;

/**
 * One run's changes handed to the applier slice by slice ({@link CommitSlices}), one apply call a slice, with the
 * run's progress told to the listener rather than the slice's: what earlier slices took, committed and counted is
 * added to every progress report. Shared by the harvesters whose planners fetch slowly (ELI pages, portal crawls);
 * each keeps the slices' reports (failures, gap) as its protocol needs. Not thread-safe: one run's thread uses it.
 */
public final class SlicedApply {
    private final Applier applier;
    private final HarvestContext context;
    private final HarvestJob job;
    private final @Nullable Long runId;
    private long taken;
    private long committed;
    private RunCounts counts = RunCounts.ZERO;

    /** Slices applied by {@code applier} into run {@code runId} of {@code job}, progress to the context's listener. */
    public SlicedApply(Applier applier, HarvestContext context, HarvestJob job, @Nullable Long runId) {
        this.applier = Objects.requireNonNull(applier, "applier");
        this.context = Objects.requireNonNull(context, "context");
        this.job = Objects.requireNonNull(job, "job");
        this.runId = runId;
    }

    /** Applies one slice with one apply call and gives its report. */
    public ApplyReport apply(Iterator<PlannedChange> slice) {
        Iterator<PlannedChange> counted = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return slice.hasNext();
            }

            @Override
            public PlannedChange next() {
                taken++;
                return slice.next();
            }
        };
        long[] committedInSlice = {0};
        RunCounts before = counts;
        long takenBefore = taken;
        long committedBefore = committed;
        ApplyReport r;
        try {
            r = applier.apply(job.sourceId(), counted, runId, (ApplyProgress p) -> {
                committedInSlice[0] = p.committed();
                // the run's progress, not the slice's
                context.listener().applied(new ApplyProgress(p.sourceId(), takenBefore + p.planned(),
                        committedBefore + p.committed(), before.plus(p.counts())));
            }, job.giveUp());
        } finally {
            committed += committedInSlice[0];
        }
        counts = counts.plus(r.counts());
        return r;
    }

    /** The changes taken from all slices so far. */
    public long taken() {
        return taken;
    }
}
