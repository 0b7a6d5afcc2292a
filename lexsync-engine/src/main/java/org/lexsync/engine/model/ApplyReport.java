package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of one {@code Applier.apply} run: counts, the checkpoint the store now holds for the source (null when
 * none was reached), the failure that stopped the run at a gap (docs/architecture.md, invariant 1, invariant 6: the
 * checkpoint does not pass a failed change, later changes are held and not committed), how many planned changes were
 * prepared but left uncommitted because of it (the planner's remaining changes are not consumed), every failure (the
 * gap and the unordered changes that failed while the run went on), the run id, the elapsed time, and the {@link
 * CommitListener}s that threw (their batches stay committed; a listener's failure does not make the run incomplete).
 */
public record ApplyReport(String sourceId, long runId, RunCounts counts, @Nullable String checkpoint,
                          @Nullable ChangeFailure gap, long held, List<ChangeFailure> failures, Duration elapsed,
                          List<ListenerFailure> listenerFailures) {

    public ApplyReport {
        failures = List.copyOf(failures);
        listenerFailures = listenerFailures == null ? List.of() : List.copyOf(listenerFailures);
    }

    /** A report without listener failures. */
    public ApplyReport(String sourceId, long runId, RunCounts counts, String checkpoint, ChangeFailure gap,
                       long held, List<ChangeFailure> failures, Duration elapsed) {
        this(sourceId, runId, counts, checkpoint, gap, held, failures, elapsed, List.of());
    }

    /**
     * True when every planned change was committed: no gap stopped the run and no unordered change failed
     * on the way ({@link PlannedChange#unordered()}).
     */
    public boolean complete() {
        return gap == null && failures.isEmpty();
    }

    /**
     * True when nothing this run failed holds the source back: no gap, and every failed item is retried on its
     * own by later runs (a snapshot's item, or one the give-up rule quarantined), so a harvester may store the
     * checkpoint it reached at the end (docs/architecture.md, invariant 6).
     */
    public boolean settled() {
        return gap == null && failures.stream().allMatch(ChangeFailure::retriedAlone);
    }

    /** How many of this run's failed items are quarantined. */
    public long quarantined() {
        return failures.stream().filter(ChangeFailure::quarantined).count();
    }

    /**
     * This run's report followed by {@code next}, a later apply call of the same run (e.g. after the source's
     * documents were read again): counts add up, the later outcome (checkpoint, gap, failures) stands, the
     * listener failures of both are kept.
     */
    public ApplyReport then(ApplyReport next) {
        RunCounts c = new RunCounts(counts.created() + next.counts().created(),
                counts.updated() + next.counts().updated(), counts.deleted() + next.counts().deleted(),
                counts.unchanged() + next.counts().unchanged(), next.counts().failed());
        List<ListenerFailure> listeners = new ArrayList<>(listenerFailures);
        listeners.addAll(next.listenerFailures());
        return new ApplyReport(next.sourceId(), next.runId(), c, next.checkpoint(), next.gap(), next.held(),
                next.failures(), elapsed.plus(next.elapsed()), listeners);
    }

    /** Committed changes per second over the whole run. */
    public double changesPerSecond() {
        long ms = Math.max(1, elapsed.toMillis());
        return (counts.total() - counts.failed()) * 1000.0 / ms;
    }
}
