package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.LocalDate;
import java.time.Period;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cursor text a crawl's checkpoint keeps, and the seed expansion it indexes (EUCases D2.1 §3.3: resumable). */
class ListingCursorTest {

    @Test
    void aCursorWithANextLinkSurvivesItsTextForm() {
        ListingCursor c = new ListingCursor(1, 3, 7, 2, URI.create("http://p.example/acts?page=8&sort=a%20b"));
        assertThat(ListingCursor.parse(c.format())).contains(c);
    }

    @Test
    void aCursorWithoutALinkSurvivesItsTextForm() {
        ListingCursor c = new ListingCursor(0, 0, 1, 0, null);
        assertThat(ListingCursor.parse(c.format())).contains(c);
    }

    @Test
    void textOfAnotherFormIsNoCursor() {
        assertThat(ListingCursor.parse("page=3")).isEmpty();
        assertThat(ListingCursor.parse(null)).isEmpty();
    }

    @Test
    void theCheckpointSaysCompleteOrWhereToResume() {
        assertThat(CrawlCheckpoint.parse(CrawlCheckpoint.resumeAt("0 0 3 0"))).contains(new CrawlCheckpoint(false, "0 0 3 0"));
        assertThat(CrawlCheckpoint.parse(CrawlCheckpoint.resumeAt(null))).contains(CrawlCheckpoint.COMPLETE);
        assertThat(CrawlCheckpoint.parse("2024-01-01T00:00:00Z")).isEmpty();
    }

    @Test
    void dateWindowsCoverTheSpanWithoutGapsOrOverlaps() {
        SeedSpec seed = new SeedSpec("s?f={from}&t={to}", null, new SeedSpec.Window(LocalDate.of(2024, 1, 1),
                LocalDate.of(2024, 3, 10), Period.ofMonths(1), DateTimeFormatter.ISO_LOCAL_DATE), null);
        assertThat(GenericCrawler.bindings(seed)).containsExactly(
                Map.of("from", "2024-01-01", "to", "2024-01-31"),
                Map.of("from", "2024-02-01", "to", "2024-02-29"),
                Map.of("from", "2024-03-01", "to", "2024-03-10"));
    }

    @Test
    void aRangeExpandsInsideEachWindow() {
        SeedSpec seed = new SeedSpec("y/{year}?p={page}", new SeedSpec.Pages(1, null), null,
                new SeedSpec.Range("year", 2020, 2022));
        List<Map<String, String>> b = GenericCrawler.bindings(seed);
        assertThat(b).hasSize(3);
        assertThat(GenericCrawler.expand(seed.template(), b.get(2), 4)).isEqualTo("y/2022?p=4");
    }
}
