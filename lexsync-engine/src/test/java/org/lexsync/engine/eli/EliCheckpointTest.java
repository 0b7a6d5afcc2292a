package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lexsync.core.time.W3cDateTimes;

class EliCheckpointTest {

    @Test
    void roundTripsThroughItsText() {
        EliCheckpoint cp = new EliCheckpoint(W3cDateTimes.parse("2016-03-08T16:20:00Z").value());
        assertThat(cp.toString()).isEqualTo("eli:synced=2016-03-08T16:20:00Z");
        assertThat(EliCheckpoint.parse(cp.toString())).contains(cp);
    }

    @Test
    void foreignTextIsNoCheckpoint() {
        assertThat(EliCheckpoint.parse("rs:2016-03-08")).isEmpty();
        assertThat(EliCheckpoint.parse(null)).isEmpty();
    }

    @Test
    void atLeastKeepsTheLaterDate() {
        EliCheckpoint cp = new EliCheckpoint(W3cDateTimes.parse("2016-03-08T16:20:00Z").value());
        assertThat(cp.atLeast(W3cDateTimes.parse("2016-03-01").value())).isEqualTo(cp);
        assertThat(cp.atLeast(W3cDateTimes.parse("2016-03-09T00:00:00Z").value()).syncedTo().toString())
                .isEqualTo("2016-03-09T00:00:00Z");
    }
}
