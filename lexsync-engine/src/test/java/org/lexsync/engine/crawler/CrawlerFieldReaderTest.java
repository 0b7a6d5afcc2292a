package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.config.ConfigReader;
import org.lexsync.engine.model.ConfigException;

/** Listing rows, locales, transforms, date-from, join and templates: read fully, every mistake named by file:line:key. */
class CrawlerFieldReaderTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("crawler"));

    private static final String HEAD = """
            sources:
              - id: court
                protocol: crawler
                url: http://court.example/
                crawler:
                  seeds: [opinions]
            """;

    private static CrawlerSpec spec(String body) {
        return ((CrawlerOptions) READER.read(new StringReader(HEAD + body), Path.of("lexsync.yaml")).sources().get(0)
                .typedOptions()).spec();
    }

    @Test
    void readsRowsFieldsLocalesAndTransforms() {
        CrawlerSpec s = spec("""
                      locale: fr
                      listing:
                        row: {css: 'table tr:has(td)'}
                        merge: row-wins
                        max-missing: 10%
                        fields:
                          date: {date-from: preceding-heading, date-format: ['d MMMM yyyy', dd/MM/yyyy]}
                          date-de: {css: .de, date-format: 'd. MMMM yyyy', locale: de}
                          court: {css: .c, transforms: [trim, {map: {values: {CE: Conseil d'État}, default: autre}}]}
                          docket: {css: .d, transforms: [{replace: [{regex: '^No\\. (\\d+)$', with: '$1'}]}, upper]}
                          parties: {join: [td.p1, td.p2], separator: ' c. '}
                        link: {template: '{base}/decisions/{docket}.pdf'}
                """);
        RowSpec rows = s.rows();
        assertThat(rows.documents()).isTrue();
        assertThat(rows.merge()).isEqualTo(RowSpec.Merge.ROW_WINS);
        assertThat(rows.maxMissing()).isEqualTo(0.1);
        assertThat(rows.fields().get("date").dates().locale()).isEqualTo(Locale.FRENCH);
        assertThat(rows.fields().get("date").dates().patterns()).hasSize(2);
        assertThat(rows.fields().get("date").context().kind()).isEqualTo(FieldSpec.Context.Kind.PRECEDING_HEADING);
        assertThat(rows.fields().get("date-de").dates().locale()).isEqualTo(Locale.GERMAN);
        assertThat(rows.fields().get("court").transforms()).hasSize(2);
        assertThat(rows.fields().get("docket").transforms()).hasSize(2);
        assertThat(rows.fields().get("parties").join()).isEqualTo(" c. ");
        assertThat(rows.link().template()).isEqualTo("{base}/decisions/{docket}.pdf");
    }

    @Test
    void anUnknownTransformIsNamed() {
        assertThatThrownBy(() -> spec("""
                      listing:
                        row: li
                        fields:
                          t: {css: a, transforms: [trim, capitalise]}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:10: sources[0].crawler.listing.fields.t.transforms[1]: unknown"
                        + " transform 'capitalise'");
    }

    @Test
    void aBadRegularExpressionInAReplaceIsNamed() {
        assertThatThrownBy(() -> spec("""
                      listing:
                        row: li
                        fields:
                          t: {css: a, transforms: [{replace: [{regex: '(\\d+', with: x}]}]}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:10: sources[0].crawler.listing.fields.t.transforms[0].replace[0]"
                        + ".regex: not a regular expression");
    }

    @Test
    void aReplacementNamingAMissingGroupIsNamed() {
        assertThatThrownBy(() -> spec("""
                      listing:
                        row: li
                        fields:
                          t: {css: a, transforms: [{replace: {regex: '(\\d+)', with: '$2'}}]}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.fields.t.transforms[0].replace.with: replacement");
    }

    @Test
    void aTemplateNamingAnUnknownFieldIsNamed() {
        assertThatThrownBy(() -> spec("""
                      listing:
                        row: li
                        fields:
                          docket: {css: .d}
                        link: {template: '{base}/{dockt}.pdf'}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:11: sources[0].crawler.listing.link.template: the template names"
                        + " field 'dockt'");
    }

    @Test
    void anUnknownLocaleAndABadMonthPatternAreNamed() {
        assertThatThrownBy(() -> spec("""
                      locale: xx
                      listing: {item: a}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.locale: unknown language 'xx'");
        assertThatThrownBy(() -> spec("""
                      listing:
                        row: li
                        fields:
                          d: {css: .d, date-format: 'd MMMM yyyy{', locale: bg}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.fields.d.date-format: not a date format");
    }

    @Test
    void rowKeysWithoutARowAreRefused() {
        assertThatThrownBy(() -> spec("""
                      listing: {item: a, fields: {t: a}}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.fields: only a listing with row: has fields");
    }

    @Test
    void badMergeAndMaxMissingAreNamed() {
        assertThatThrownBy(() -> spec("""
                      listing: {row: li, merge: both}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.merge: must be detail-wins or row-wins");
        assertThatThrownBy(() -> spec("""
                      listing: {row: li, max-missing: 1.5}
                """)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sources[0].crawler.listing.max-missing: must be a share");
    }
}
