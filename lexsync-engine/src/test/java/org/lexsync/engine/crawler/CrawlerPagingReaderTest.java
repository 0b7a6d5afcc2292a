package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Period;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.config.ConfigReader;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.config.SourceConfig;
import org.lexsync.engine.model.ConfigException;

/** Paging and search keys of a generic crawler: read fully, every mistake named by file, line and key. */
class CrawlerPagingReaderTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("crawler"));

    private static final String HEAD = """
            sources:
              - id: portal
                protocol: crawler
                url: http://portal.example/
                crawler:
            """;

    private static CrawlerSpec spec(String crawlerBody) {
        SourceConfig s = READER.read(new StringReader(HEAD + crawlerBody), Path.of("lexsync.yaml")).sources().get(0);
        return ((CrawlerOptions) s.typedOptions()).spec();
    }

    private static void refused(String crawlerBody, String message) {
        assertThatThrownBy(() -> spec(crawlerBody)).isInstanceOf(ConfigException.class).hasMessageStartingWith(message);
    }

    @Test
    void readsSearchFormsOffsetRangesAndTheStopMarker() {
        CrawlerSpec s = spec("""
                      seeds:
                        - url: court/search
                          search:
                            form: 'form#search'
                            fields: {dateFrom: '{from}', dateTo: '{to}', chamber: civil}
                          window: {last: P30D, format: dd/MM/yyyy}
                        - url: court/list?begin={begin}
                          range: {name: begin, from: 0, step: 20}
                      listing:
                        item: a.act
                        next: {css: 'tr.pager a.next'}
                        postback-form: 'form#aspnetForm'
                        stop-when: {css: .no-results}
                """);
        SeedSpec search = s.seeds().get(0);
        assertThat(search.search().form()).isEqualTo("form#search");
        assertThat(search.search().fields()).containsExactly(Map.entry("dateFrom", "{from}"),
                Map.entry("dateTo", "{to}"), Map.entry("chamber", "civil"));
        assertThat(search.window().last()).isEqualTo(Period.ofDays(30));
        assertThat(s.seeds().get(1).range()).isEqualTo(new SeedSpec.Range("begin", 0, null, 20));
        assertThat(s.seeds().get(1).paged()).isTrue();
        assertThat(s.paging().stopWhen()).isEqualTo(SelectorSpec.css(".no-results"));
        assertThat(s.paging().postbackForm()).isEqualTo("form#aspnetForm");
    }

    @Test
    void aWindowWithBothStartAndLastIsRefused() {
        refused("""
                      seeds:
                        - url: s?f={from}
                          window: {start: 2024-01-01, last: P7D, step: P1M}
                      listing: {item: a}
                """, "lexsync.yaml:8: sources[0].crawler.seeds[0].window: give start or last, not both");
    }

    @Test
    void aBadRangeStepIsNamed() {
        refused("""
                      seeds:
                        - url: l?begin={begin}
                          range: {name: begin, from: 0, step: 0}
                      listing: {item: a}
                """, "lexsync.yaml:8: sources[0].crawler.seeds[0].range.step: must be from 1 to");
    }

    @Test
    void aSearchFieldVariableWithoutItsWindowIsRefused() {
        refused("""
                      seeds:
                        - url: court/search
                          search: {fields: {dateFrom: '{from}'}}
                      listing: {item: a}
                """, "lexsync.yaml:7: sources[0].crawler.seeds[0].url: the URL or the search fields use {from}/{to}"
                + " but no window: is given");
    }

    @Test
    void aBadFormSelectorIsNamed() {
        refused("""
                      seeds:
                        - url: court/search
                          search: {form: 'form[', fields: {q: x}}
                      listing: {item: a}
                """, "lexsync.yaml:8: sources[0].crawler.seeds[0].search.form: not a valid css selector");
    }

    @Test
    void aBadStopMarkerIsNamed() {
        refused("""
                      seeds: [list]
                      listing: {item: a, stop-when: {xpath: '//p['}}
                """, "lexsync.yaml:7: sources[0].crawler.listing.stop-when.xpath: not a valid xpath selector");
    }

    @Test
    void anUnknownSearchKeyIsNamed() {
        refused("""
                      seeds:
                        - url: court/search
                          search: {method: post}
                      listing: {item: a}
                """, "lexsync.yaml:8: sources[0].crawler.seeds[0].search.method: unknown key (expected one of: fields,"
                + " form)");
    }
}
