package org.lexsync.engine.resourcesync;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.lexsync.engine.harvest.LiveStep;
import org.lexsync.engine.harvest.LiveSteps;
import org.lexsync.engine.harvest.TempDirs;

/**
 * ResourceSync against a source that creates, updates (the same resource again and again) and deletes while it is being
 * synced (docs/architecture.md, invariants 6–7, issue 12): by Change Lists (§12) and by Change Dumps (§13), the store
 * equals the source at most two runs after the changes stop, the journal repeats no row and nothing the source did not
 * publish becomes current. See {@link LiveRsScenario}.
 */
class LiveSourceProperties {

    /** Its shrunk counterexamples (from before superseded changes were skipped) are {@link LiveSourceRegressionTest}. */
    @Property(tries = 20, seed = "1207")
    void changeListsConvergeOnALiveSource(@ForAll("scripts") List<LiveStep> steps,
                                          @ForAll @IntRange(min = 1, max = 4) int every,
                                          @ForAll @IntRange(min = 2, max = 5) int initial) {
        TempDirs.with(dir -> Statistics.collect(
                new LiveRsScenario(LiveRsScenario.Feed.CHANGE_LIST, initial, every, steps, dir).check()));
    }

    @Property(tries = 20, seed = "1307")
    void changeDumpsConvergeOnALiveSource(@ForAll("scripts") List<LiveStep> steps,
                                          @ForAll @IntRange(min = 1, max = 4) int every,
                                          @ForAll @IntRange(min = 2, max = 5) int initial) {
        TempDirs.with(dir -> Statistics.collect(
                new LiveRsScenario(LiveRsScenario.Feed.CHANGE_DUMP, initial, every, steps, dir).check()));
    }

    @Provide
    Arbitrary<List<LiveStep>> scripts() {
        return LiveSteps.scripts(12, true, true, true);
    }
}
