package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.PlannedChange;

/** Slicing the planned changes so that each slice is committed on its own (issue 13.1). */
class CommitSlicesTest {

    private static List<PlannedChange> changes(int n) {
        List<PlannedChange> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(PlannedChange.delete("s", "http://x/eli/" + i, null, null));
        }
        return out;
    }

    private static List<List<String>> slices(Iterator<PlannedChange> all, Duration interval) {
        CommitSlices slices = new CommitSlices(all, interval);
        List<List<String>> out = new ArrayList<>();
        while (slices.hasMore()) {
            List<String> slice = new ArrayList<>();
            slices.next().forEachRemaining(c -> slice.add(c.resourceUri()));
            out.add(slice);
        }
        return out;
    }

    @Test
    void everyChangeIsInExactlyOneSliceInOrder() {
        List<List<String>> s = slices(changes(5).iterator(), Duration.ofNanos(1));

        // an interval shorter than taking one change: one change per slice, none lost or repeated
        assertThat(s).hasSize(5);
        assertThat(s.stream().flatMap(List::stream).toList())
                .containsExactlyElementsOf(changes(5).stream().map(PlannedChange::resourceUri).toList());
    }

    @Test
    void aStreamTakenWithinTheIntervalIsOneSlice() {
        assertThat(slices(changes(5).iterator(), Duration.ofDays(1))).singleElement()
                .satisfies(s -> assertThat(s).hasSize(5));
    }

    @Test
    void aChangePromisedByHasNextIsTakenEvenWhenTheIntervalEndsBeforeNext() {
        long[] now = {0};
        CommitSlices slices = new CommitSlices(changes(3).iterator(), Duration.ofNanos(10), () -> now[0]);
        Iterator<PlannedChange> slice = slices.next();
        slice.next();
        assertThat(slice.hasNext()).isTrue();
        now[0] = 100; // the interval ends between hasNext and next (the applier's read-ahead does just that)

        assertThat(slice.next().resourceUri()).isEqualTo("http://x/eli/1");
        assertThat(slice.hasNext()).isFalse();
        assertThat(slices.next().next().resourceUri()).isEqualTo("http://x/eli/2");
    }

    @Test
    void anEmptyStreamHasNoSlice() {
        assertThat(slices(changes(0).iterator(), Duration.ofSeconds(1))).isEmpty();
    }
}
