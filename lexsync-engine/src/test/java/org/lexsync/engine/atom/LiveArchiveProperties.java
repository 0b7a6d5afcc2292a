package org.lexsync.engine.atom;

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
 * Atom collection from archived feeds (rinfo §8.3, RFC 5005) against a source that publishes, corrects the same entry
 * again and again and withdraws entries while it is being collected (docs/architecture.md, invariants 6–7, issue 12):
 * the store equals the source at most two runs after the changes stop, the journal repeats no row and no document the
 * source did not publish becomes current. See {@link LiveAtomScenario}.
 */
class LiveArchiveProperties {

    @Property(tries = 20, seed = "1407")
    void archivedFeedsConvergeOnALiveSource(@ForAll("scripts") List<LiveStep> steps,
                                            @ForAll @IntRange(min = 1, max = 4) int every,
                                            @ForAll @IntRange(min = 2, max = 7) int initial,
                                            @ForAll boolean stableUrls) {
        TempDirs.with(dir -> Statistics.collect(
                new LiveAtomScenario(stableUrls, initial, every, steps, dir).check()));
    }

    @Provide
    Arbitrary<List<LiveStep>> scripts() {
        return LiveSteps.scripts(12, true, false, true);
    }
}
