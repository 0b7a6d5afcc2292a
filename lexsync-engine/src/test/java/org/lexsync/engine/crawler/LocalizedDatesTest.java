package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Dates as court portals write them, in their own language (java.time's CLDR month names). */
class LocalizedDatesTest {

    private static LocalDate parse(String locale, String pattern, String text) {
        return LocalizedDates.of(List.of(pattern), Locale.forLanguageTag(locale)).parse(text).orElseThrow(
                () -> new AssertionError("'" + text + "' not read with " + pattern + " in " + locale));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', value = {
        "fr|d MMMM yyyy|17 juillet 2014|2014-07-17",
        "fr|d MMMM yyyy|1er juillet 2014|2014-07-01",
        "fr|d MMM yyyy|17 juil. 2014|2014-07-17",
        "de|d. MMMM yyyy|3. März 2021|2021-03-03",
        "de|d. MMM yyyy|3. Sept. 2021|2021-09-03",
        "bg|d MMMM yyyy|12 януари 2020|2020-01-12",
        "bg|d MMMM yyyy 'г.'|12 януари 2020 г.|2020-01-12",
        "en|d MMMM yyyy|1st March 2019|2019-03-01",
        "en|MMM d, yyyy|Sept. 4, 2018|2018-09-04",
        "en|MMMM d, yyyy|July 17, 2014|2014-07-17",
        "en|MMMM d, yyyy|JULY 17, 2014|2014-07-17",
        "en|MMMM d, yyyy|August 22nd, 2016|2016-08-22",
        "it|d MMMM yyyy|17 luglio 2014|2014-07-17",
        "es|d 'de' MMMM 'de' yyyy|17 de julio de 2014|2014-07-17",
        "nl|d MMMM yyyy|17 juli 2014|2014-07-17",
        "nl|d MMM yyyy|3 mrt. 2014|2014-03-03",
        "sv|d MMMM yyyy|17 juli 2014|2014-07-17",
        "el|d MMMM yyyy|17 Ιουλίου 2014|2014-07-17",
        "el|d MMMM yyyy|17 Ιούλιος 2014|2014-07-17",
        "el|d MMMM yyyy|17 ΙΟΥΛΙΟΥ 2014|2014-07-17",
    })
    void readsMonthNamesOrdinalsAndAbbreviations(String locale, String pattern, String text, String iso) {
        assertThat(parse(locale, pattern, text)).isEqualTo(LocalDate.parse(iso));
    }

    @Test
    void severalFormatsAreTriedInOrder() {
        LocalizedDates d = LocalizedDates.of(List.of("dd.MM.yyyy", "d MMMM yyyy"), Locale.GERMAN);
        assertThat(d.parse("03.03.2021")).contains(LocalDate.of(2021, 3, 3));
        assertThat(d.parse("3 März 2021")).contains(LocalDate.of(2021, 3, 3));
        assertThat(d.parse("im März")).isEmpty();
    }

    @Test
    void aWrongPatternIsRefusedWhenMade() {
        assertThatThrownBy(() -> LocalizedDates.of(List.of("dd.MM.yyyy{"), Locale.ROOT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dd.MM.yyyy{");
    }
}
