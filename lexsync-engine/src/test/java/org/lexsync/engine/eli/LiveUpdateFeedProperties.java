package org.lexsync.engine.eli;

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
 * ELI harvesting (Pillar IV §4.1) against a provider that publishes new acts and new versions of the same acts while it
 * is being read (docs/architecture.md, invariants 6–7, issue 12): the store equals the provider at most two runs after
 * the changes stop, the journal repeats no row and no page the provider did not serve becomes current. See {@link
 * LiveEliScenario}.
 */
class LiveUpdateFeedProperties {

    @Property(tries = 10, seed = "1507")
    void updateFeedConvergesOnALiveProvider(@ForAll("scripts") List<LiveStep> steps,
                                            @ForAll @IntRange(min = 1, max = 4) int every,
                                            @ForAll @IntRange(min = 2, max = 6) int initial) {
        TempDirs.with(dir -> Statistics.collect(new LiveEliScenario(initial, every, steps, dir).check()));
    }

    @Provide
    Arbitrary<List<LiveStep>> scripts() {
        return LiveSteps.scripts(8, false, false, false);
    }
}
