package org.lexsync.engine.harvest;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * Generators of {@link LiveStep} scripts for the live-source properties: mostly updates of a few items (so
 * that the same item changes twice or more, within one change document and across documents), some
 * creates, deletes when the protocol can express them, closed change documents when it has them, and
 * downloads corrupted in transit when the protocol promises digests.
 * Lists shrink towards fewer, simpler steps.
 */
public final class LiveSteps {

    private LiveSteps() {
    }

    /**
     * Scripts of 4 (fewer rarely change one item twice between two reads) to {@code maxSteps} steps; deletes,
     * closed change documents and corrupted downloads only when the protocol can express or detect them.
     */
    public static Arbitrary<List<LiveStep>> scripts(int maxSteps, boolean deletes, boolean closeLists,
                                                    boolean corruptions) {
        return step(deletes, closeLists, corruptions).list().ofMinSize(Math.min(4, maxSteps)).ofMaxSize(maxSteps);
    }

    /** How many counted requests pass between two steps while a sync runs. */
    public static Arbitrary<Integer> every() {
        return Arbitraries.integers().between(1, 4);
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<LiveStep> step(boolean deletes, boolean closeLists, boolean corruptions) {
        Arbitrary<LiveStep> update = Arbitraries.integers().between(0, 2).map(LiveStep.Update::new);
        Arbitrary<LiveStep> create = Arbitraries.just(new LiveStep.Create());
        Arbitrary<LiveStep> delete = Arbitraries.integers().between(0, 5).map(LiveStep.Delete::new);
        Arbitrary<LiveStep> close = Arbitraries.just(new LiveStep.CloseList());
        Arbitrary<LiveStep> corrupt = Arbitraries.just(new LiveStep.Corrupt());
        return Arbitraries.frequencyOf(
                Tuple.of(6, update),
                Tuple.of(2, create),
                Tuple.of(deletes ? 2 : 0, delete),
                Tuple.of(closeLists ? 1 : 0, close),
                Tuple.of(corruptions ? 1 : 0, corrupt));
    }
}
