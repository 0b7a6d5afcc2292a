package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceStatus;

/** Comparing a Sitemap's or a feed's date with a held ELI's at the granularity both share (issue 12.4). */
class SourceDatesTest {

    private static W3cDateTime t(String text) {
        return W3cDateTimes.parse(text).value();
    }

    private static ResourceState held(String stored) {
        return new ResourceState("s", "http://x/eli/1", ResourceStatus.ACTIVE, stored == null ? null : t(stored), null,
                null, List.of(), null, Instant.EPOCH, Instant.EPOCH, 1, List.of());
    }

    @Test
    void aDateAndATimeOfThatDayAreTheSameAtTheDaysGranularity() {
        assertThat(SourceDates.compareShared(t("2026-01-05"), t("2026-01-05T23:10:00Z"))).isZero();
        assertThat(SourceDates.compareShared(t("2026-01-06"), t("2026-01-05T23:10:00Z"))).isPositive();
        assertThat(SourceDates.compareShared(t("2026-01-05T10:00:00Z"), t("2026-01-05T10:00:30Z"))).isNegative();
    }

    @Test
    void aTimeIsTakenOnTheDayWrittenInItsOwnOffset() {
        // 00:30 at +02:00 is the 5th where it was written, although it is the 4th in UTC
        assertThat(SourceDates.compareShared(t("2026-01-05"), t("2026-01-05T00:30:00+02:00"))).isZero();
    }

    @Test
    void fractionsAreComparedAtTheShorterFraction() {
        assertThat(SourceDates.compareShared(t("2026-01-05T10:00:00.5Z"), t("2026-01-05T10:00:00.512Z"))).isZero();
    }

    @Test
    void aPageStoredWithTheFeedsTimeIsCurrentForTheSitemapsDate() {
        assertThat(SourceDates.current(t("2026-01-05"), held("2026-01-05T10:00:00Z"))).isTrue();
        assertThat(SourceDates.current(t("2026-01-06"), held("2026-01-05T10:00:00Z"))).isFalse();
    }

    @Test
    void aPageStoredWithADayCannotTellALaterTimeOfThatDayAndIsFetched() {
        assertThat(SourceDates.current(t("2026-01-05T10:00:00Z"), held("2026-01-05"))).isFalse();
        assertThat(SourceDates.current(t("2026-01-04T10:00:00Z"), held("2026-01-05"))).isTrue();
    }

    @Test
    void anUndatedEntryOrAnUnheldEliIsNeverCurrent() {
        assertThat(SourceDates.current(null, held("2026-01-05"))).isFalse();
        assertThat(SourceDates.current(t("2026-01-05"), null)).isFalse();
        assertThat(SourceDates.current(t("2026-01-05"), held(null))).isFalse();
    }

    @Test
    void theFeedsFinerOrLaterDateDatesASitemapEntry() {
        assertThat(SourceDates.refine(t("2026-01-05"), t("2026-01-05T10:00:00Z"))).isEqualTo(t("2026-01-05T10:00:00Z"));
        assertThat(SourceDates.refine(t("2026-01-05"), t("2026-01-07T10:00:00Z"))).isEqualTo(t("2026-01-07T10:00:00Z"));
        assertThat(SourceDates.refine(t("2026-01-05"), t("2026-01-03T10:00:00Z"))).isEqualTo(t("2026-01-05"));
        assertThat(SourceDates.refine(t("2026-01-05T10:00:00Z"), t("2026-01-05T09:00:00Z")))
                .isEqualTo(t("2026-01-05T10:00:00Z"));
        assertThat(SourceDates.refine(t("2026-01-05"), null)).isEqualTo(t("2026-01-05"));
        assertThat(SourceDates.refine(null, t("2026-01-05T10:00:00Z"))).isEqualTo(t("2026-01-05T10:00:00Z"));
    }
}
