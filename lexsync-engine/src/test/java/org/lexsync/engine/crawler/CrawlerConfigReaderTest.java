package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.config.ConfigReader;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.config.SourceConfig;
import org.lexsync.engine.model.ConfigException;

/** The {@code crawler:} key of a {@code protocol: crawler} source: read fully, every mistake named by file, line, key. */
class CrawlerConfigReaderTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom", "crawler"));

    private static final String HEAD = """
            sources:
              - id: portal
                protocol: crawler
                url: http://portal.example/
                crawler:
            """;

    private static SourceConfig parse(String crawlerBody) {
        return READER.read(new StringReader(HEAD + crawlerBody), Path.of("lexsync.yaml")).sources().get(0);
    }

    private static CrawlerSpec spec(String crawlerBody) {
        return ((CrawlerOptions) parse(crawlerBody).typedOptions()).spec();
    }

    @Test
    void readsEveryPartOfAGenericCrawler() {
        CrawlerSpec s = spec("""
                      charset: windows-1251
                      seeds:
                        - url: acts?page={page}
                          pages: {from: 1, to: 5}
                        - url: search?from={from}&to={to}
                          window: {start: 2024-01-01, end: 2024-03-31, step: P1M}
                        - url: year/{year}
                          range: {name: year, from: 2020, to: 2022}
                        - plain
                      include: ['/act/']
                      exclude: ['print=1', 'lang=en']
                      listing:
                        item: {xpath: '//ul[@class="results"]//a'}
                        next: a.next
                        removed: {css: ul.removed a}
                        stop-after-empty: 2
                      detail:
                        fields:
                          id: {css: .number, regex: 'No\\. (\\d+)', required: true}
                          title: {css: h1, fallbacks: [{xpath: '//title'}, h2]}
                          date: {css: .date, date-format: dd.MM.yyyy}
                        attachments: {css: a.file, include: '\\.(pdf|doc)$'}
                """);
        assertThat(s.charset()).isEqualTo(Charset.forName("windows-1251"));
        assertThat(s.seeds()).hasSize(4);
        assertThat(s.seeds().get(1).window().start()).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(s.seeds().get(2).range().to()).isEqualTo(2022);
        assertThat(s.item().kind()).isEqualTo(SelectorSpec.Kind.XPATH);
        assertThat(s.exclude()).hasSize(2);
        assertThat(s.stopAfterEmpty()).isEqualTo(2);
        assertThat(s.fields().get("title").selectors()).hasSize(3);
        assertThat(s.fields().get("id").required()).isTrue();
        assertThat(s.attachments().include().pattern()).isEqualTo("\\.(pdf|doc)$");
    }

    @Test
    void aSelectorThatDoesNotParseNamesFileLineAndKey() {
        assertThatThrownBy(() -> parse("""
                      seeds: [acts]
                      listing:
                        item: {css: 'ul..results'}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:8: sources[0].crawler.listing.item.css: not a valid css selector");
    }

    @Test
    void aBadXPathIsAConfigurationError() {
        assertThatThrownBy(() -> parse("""
                      seeds: [acts]
                      listing: {item: {xpath: '//a[@'}}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.item.xpath: not a valid xpath selector");
    }

    @Test
    void aBadRegularExpressionNamesTheField() {
        assertThatThrownBy(() -> parse("""
                      seeds: [acts]
                      listing: {item: a}
                      detail:
                        fields:
                          id: {css: .number, regex: 'No(\\d+'}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:10: sources[0].crawler.detail.fields.id.regex: not a regular expression");
    }

    @Test
    void anUnknownKeyIsNamed() {
        assertThatThrownBy(() -> parse("""
                      seeds: [acts]
                      listing: {item: a, nxt: a.next}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.nxt: unknown key");
    }

    @Test
    void aSeedUsingPageWithoutPagesIsRefused() {
        assertThatThrownBy(() -> parse("""
                      seeds:
                        - url: acts?page={page}
                      listing: {item: a}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:7: sources[0].crawler.seeds[0].url: the URL uses {page} but no pages:");
    }

    @Test
    void aBadDateFormatAndAWindowStepAreNamed() {
        assertThatThrownBy(() -> parse("""
                      seeds:
                        - url: s?f={from}
                          window: {start: 2024-01-01, step: one month}
                      listing: {item: a}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.seeds[0].window.step: must be an ISO 8601 period");
    }

    @Test
    void aCrawlerSourceWithoutADefinitionIsRefused() {
        assertThatThrownBy(() -> READER.read(new StringReader("""
                sources:
                  - id: portal
                    protocol: crawler
                    url: http://portal.example/
                """), Path.of("lexsync.yaml"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler: missing value");
    }

    @Test
    void aCrawlerDefinitionOnAnotherProtocolIsRefused() {
        assertThatThrownBy(() -> READER.read(new StringReader("""
                sources:
                  - id: feed
                    protocol: atom
                    url: http://portal.example/feed
                    crawler: {seeds: [a], listing: {item: a}}
                """), Path.of("lexsync.yaml"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:5: sources[0].crawler: only a source with protocol: crawler");
    }
}
