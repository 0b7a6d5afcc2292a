package org.lexsync.engine.config;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class CronCheckTest {
    private static final ZonedDateTime NOW = ZonedDateTime.parse("2026-11-28T01:00:00Z");

    @Test
    void everyDayEveryMonthAndNamedFieldsPass() {
        for (String cron : new String[] {"0 0 3 * * *", "*/15 0-59/5 1,13 ? JAN-DEC MON-FRI", "0 0 0 1 1 *",
            "0 0 0 31 * *", "0 30 2 ? * SUN", "0 0 0 L * ?", "0 0 0 ? * 5#3", "0 0 12 * * 7", "0 0 0 29 2 *"}) {
            if (cron.equals("0 0 0 29 2 *")) {
                continue; // next 29 February is more than a year after NOW: refused below
            }
            assertThatCode(() -> CronCheck.check(cron, NOW)).as(cron).doesNotThrowAnyException();
        }
    }

    @Test
    void aValueOutOfItsFieldsRangeIsNamed() {
        assertThatThrownBy(() -> CronCheck.check("0 60 * * * *", NOW)).hasMessage("minute field '60': 60 is out of range 0-59");
        assertThatThrownBy(() -> CronCheck.check("0 0 0 * 13 *", NOW)).hasMessage("month field '13': 13 is out of range 1-12");
        assertThatThrownBy(() -> CronCheck.check("0 0 0 * * FUN", NOW)).hasMessageContaining("'FUN' is not a number or day name");
    }

    @Test
    void aDayThatNeverOccursOrIsMoreThanAYearAwayIsRefused() {
        assertThatThrownBy(() -> CronCheck.check("0 0 0 31 4,6,9,11 *", NOW)).hasMessageContaining("never fires within a year");
        assertThatThrownBy(() -> CronCheck.check("0 0 0 29 2 *", NOW)).hasMessageContaining("never fires within a year");
        assertThatCode(() -> CronCheck.check("0 0 0 29 2 *", ZonedDateTime.parse("2027-03-01T00:00:00Z")))
                .doesNotThrowAnyException();
    }
}
