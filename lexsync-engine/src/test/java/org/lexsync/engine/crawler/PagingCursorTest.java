package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The post-back state, seed counts and offset steps a crawl's checkpoint keeps, as text and back. */
class PagingCursorTest {

    @Test
    void aPostBackCursorSurvivesItsTextForm() {
        Postback p = new Postback(URI.create("http://p.example/decisions?x=1"), List.of(Map.entry("__EVENTTARGET",
                "ctl00$grid"), Map.entry("__EVENTARGUMENT", "Page$3"), Map.entry("__VIEWSTATE", "/wEP+Dw=="),
                Map.entry("q", "закон & ä")), Charset.forName("windows-1251"));
        ListingCursor c = new ListingCursor(1, 0, 2, 0, null, p.encode());
        ListingCursor back = ListingCursor.parse(c.format()).orElseThrow();
        assertThat(back).isEqualTo(c);
        assertThat(Postback.decode(back.postback())).contains(p);
    }

    @Test
    void aPostBackTooLargeForTheCursorIsNamedNotStored() {
        StringBuilder state = new StringBuilder();
        for (int i = 0; state.length() < 400_000; i++) {
            state.append(Long.toHexString((i * 2654435761L + 12345) % 1_000_003 ^ i * 31L));
        }
        Postback p = new Postback(URI.create("http://p.example/d"), List.of(Map.entry("__VIEWSTATE", state.toString())),
                StandardCharsets.UTF_8);
        String token = new PostbackCursors().token(p);
        assertThat(token).startsWith(PostbackCursors.REWALK).hasSizeLessThan(100);
    }

    @Test
    void textThatIsNoPostBackDecodesToNothing() {
        assertThat(Postback.decode("not-deflate")).isEmpty();
        assertThat(Postback.decode("")).isEmpty();
    }

    @Test
    void theCheckpointKeepsTheSeedCountsBesideTheCursor() {
        SeedYields y = new SeedYields(Map.of("seeds[0] a?p={page}", 25L), Map.of("seeds[1] b, c=d", 3L));
        String text = CrawlCheckpoint.resumeAt("0 0 3 0 http://p.example/a b", y);
        assertThat(text).startsWith("crawler/1 next 0 0 3 0 http://p.example/a b\n");
        assertThat(CrawlCheckpoint.parse(text)).contains(new CrawlCheckpoint(false, "0 0 3 0 http://p.example/a b", y));
        // a checkpoint written before the counts existed still reads
        assertThat(CrawlCheckpoint.parse("crawler/1 complete")).contains(CrawlCheckpoint.COMPLETE);
    }

    @Test
    void aCompletedCrawlsCountsBecomeThePreviousOnes() {
        SeedYields y = SeedYields.NONE.plus("s", 4).plus("s", 2).plus("t", 0);
        assertThat(y.completed().vanished("s")).contains(6L);
        assertThat(y.completed().vanished("t")).isEmpty();
        assertThat(y.completed().plus("s", 1).vanished("s")).isEmpty();
    }

    @Test
    void anOpenRangeStepsByItsStep() {
        SeedSpec seed = new SeedSpec("l?begin={begin}", null, null, new SeedSpec.Range("begin", 0, null, 20));
        assertThat(GenericCrawler.bindings(seed)).containsExactly(Map.of());
        assertThat(GenericCrawler.expand(seed.template(), SeedPaging.binding(seed, Map.of(), 2), 2))
                .isEqualTo("l?begin=40");
    }

    @Test
    void aClosedRangeStepsByItsStep() {
        SeedSpec seed = new SeedSpec("l?begin={begin}", null, null, new SeedSpec.Range("begin", 0, 50L, 20));
        assertThat(GenericCrawler.bindings(seed)).extracting(b -> b.get("begin")).containsExactly("0", "20", "40");
    }

    @Test
    void theLastDaysWindowEndsToday() {
        SeedSpec seed = new SeedSpec("s?f={from}&t={to}", null, new SeedSpec.Window(null, null, null,
                DateTimeFormatter.ISO_LOCAL_DATE, Period.ofDays(30)), null);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertThat(GenericCrawler.bindings(seed)).containsExactly(Map.of("from", today.minusDays(30).toString(),
                "to", today.toString()));
    }
}
