package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/** Times compared at the coarser granularity of the two (issue 12.3). */
class AuditTimesTest {
    private static W3cDateTime t(String s) {
        return W3cDateTimes.parse(s).value();
    }

    @Test
    void aDateOnlyValueEqualsAnyTimeOnThatDay() {
        assertThat(AuditTimes.same(t("2024-01-02"), t("2024-01-02T23:59:59.999999Z"))).isTrue();
        assertThat(AuditTimes.same(t("2024-01-02"), t("2024-01-03T00:00:00Z"))).isFalse();
    }

    @Test
    void wholeSecondsEqualATimeWithMicrosecondsInThatSecond() {
        assertThat(AuditTimes.same(t("2024-01-02T09:30:00Z"), t("2024-01-02T09:30:00.123456Z"))).isTrue();
        assertThat(AuditTimes.same(t("2024-01-02T09:30:01Z"), t("2024-01-02T09:30:00.999999Z"))).isFalse();
    }

    @Test
    void fractionsAreComparedToTheFewerDigits() {
        assertThat(AuditTimes.same(t("2024-01-02T09:30:00.12Z"), t("2024-01-02T09:30:00.123456Z"))).isTrue();
        assertThat(AuditTimes.same(t("2024-01-02T09:30:00.123456Z"), t("2024-01-02T09:30:00.123457Z"))).isFalse();
    }

    @Test
    void offsetsAreTheSameInstant() {
        assertThat(AuditTimes.same(t("2024-01-02T11:30:00+02:00"), t("2024-01-02T09:30:00Z"))).isTrue();
    }
}
