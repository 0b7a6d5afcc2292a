package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/** The ResourceSync checkpoint: compact, parseable, and exact about the first unprocessed change (§12.1). */
class RsCheckpointTest {
    static final URI SET = URI.create("http://example.com/dataset1/capabilitylist.xml");

    static W3cDateTime t(String s) {
        return W3cDateTimes.parseOrNull(s);
    }

    @Test
    void encodesAndParsesBack() {
        RsCheckpoint c = RsCheckpoint.EMPTY.with(SET, new RsCheckpoint.SetState(true, t("2013-01-03T09:00:00Z"),
                t("2013-01-03T13:00:00Z"), 2, "http://example.com/res2.pdf"));

        String text = c.encode();

        assertThat(text).isEqualTo("rs1 http://example.com/dataset1/capabilitylist.xml d=1 b=2013-01-03T09:00:00Z"
                + " t=2013-01-03T13:00:00Z k=2 u=http://example.com/res2.pdf");
        assertThat(RsCheckpoint.parse(text)).isEqualTo(c);
    }

    @Test
    void anotherProtocolsCheckpointReadsAsNone() {
        assertThat(RsCheckpoint.parse("39")).isEqualTo(RsCheckpoint.EMPTY);
        assertThat(RsCheckpoint.parse(null).get(SET)).isEqualTo(RsCheckpoint.SetState.NONE);
    }

    @Test
    void aBaselineCoversEveryChangeUpToItsAt_7() {
        RsCheckpoint.SetState s = RsCheckpoint.SetState.baseline(t("2013-01-03T09:00:00Z"));

        assertThat(s.covers(t("2013-01-03T08:59:59Z"), 0)).isTrue();
        assertThat(s.covers(t("2013-01-03T09:00:00Z"), 5)).isTrue();
        assertThat(s.covers(t("2013-01-03T09:00:01Z"), 0)).isFalse();
    }

    @Test
    void resumesAtTheFirstUnprocessedChangeOfAnInstant_12_1() {
        RsCheckpoint.SetState s = RsCheckpoint.SetState.NONE.after(t("2013-01-03T11:00:00Z"), "a")
                .after(t("2013-01-03T13:00:00Z"), "b").after(t("2013-01-03T13:00:00Z"), "c");

        assertThat(s.sameTime()).isEqualTo(2);
        assertThat(s.covers(t("2013-01-03T13:00:00Z"), 1)).isTrue();
        assertThat(s.covers(t("2013-01-03T13:00:00Z"), 2)).isFalse();
        assertThat(s.covers(t("2013-01-03T18:00:00Z"), 0)).isFalse();
    }
}
