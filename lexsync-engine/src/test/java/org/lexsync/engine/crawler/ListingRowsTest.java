package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;

/** Listing rows read as configured: fields relative to the row, dates from headings, links as browsers read them. */
class ListingRowsTest {
    private static final URI PAGE = URI.create("http://court.example/opinions/2014.html");

    @TempDir
    Path dir;

    private GenericCrawler crawler(String listing, String detail) throws IOException {
        Path yaml = dir.resolve("lexsync.yaml");
        Files.writeString(yaml, """
                sources:
                  - id: court
                    protocol: crawler
                    url: http://court.example/
                    crawler:
                      seeds: [opinions/2014.html]
                      listing:
                %s
                %s""".formatted(listing.indent(8).stripTrailing(), detail), StandardCharsets.UTF_8);
        CrawlerOptions o = (CrawlerOptions) LexSync.readConfig(yaml).get(0).options();
        return new GenericCrawler(o.spec(), URI.create("http://court.example/"));
    }

    private static Page page(String body) {
        return Page.of(PAGE, ("<!DOCTYPE html><html><head><title>t</title></head><body>" + body + "</body></html>")
                .getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8", null);
    }

    @Test
    void aDateFromTheNearestPrecedingHeadingAndFieldsFromTheRow() throws IOException {
        GenericCrawler c = crawler("""
                row: {css: 'ul.opinions li'}
                fields:
                  date: {date-from: preceding-heading, date-format: 'MMMM d, yyyy', required: true}
                  title: {css: a, required: true}
                  docket: {css: .docket, transforms: [trim, {replace: [{regex: '^No\\.\\s*', with: ''}]}]}
                """, "");
        List<ListedItem> items = c.listed(page("""
                <h2>July 17, 2014</h2>
                <ul class="opinions"><li><a href="a.pdf">Smith v. Jones</a> <span class="docket">No. 12-1</span></li>
                <li><a href="b.pdf">Doe v. Roe</a></li></ul>
                <div><h3>July 3, 2014</h3></div>
                <ul class="opinions"><li><a href="c.pdf">In re X</a></li></ul>
                """));
        assertThat(items).extracting(i -> i.link().toString()).containsExactly(
                "http://court.example/opinions/a.pdf", "http://court.example/opinions/b.pdf",
                "http://court.example/opinions/c.pdf");
        assertThat(items.get(0).fields()).isEqualTo(Map.of("date", List.of("2014-07-17"),
                "title", List.of("Smith v. Jones"), "docket", List.of("12-1")));
        assertThat(items.get(2).fields().get("date")).containsExactly("2014-07-03");
        assertThat(items).allMatch(ListedItem::document);
    }

    @Test
    void aDateFromTheEnclosingElement() throws IOException {
        GenericCrawler c = crawler("""
                row: {css: 'tr:has(td)'}
                fields:
                  year: {date-from: {closest: 'section'}, css: 'h2', regex: '(\\d{4})'}
                """, "");
        List<ListedItem> items = c.listed(page("""
                <section><h2>Decisions 2019</h2><table><tr><th>Case</th></tr>
                <tr><td><a href="/d/1.pdf">1</a></td></tr></table></section>
                """));
        assertThat(items).singleElement().satisfies(i -> assertThat(i.fields().get("year")).containsExactly("2019"));
    }

    @Test
    void linksWithSpacesAreEncodedJavascriptAndMailtoAreNoItemsAndBaseHrefCounts() throws IOException {
        GenericCrawler c = crawler("row: {css: li}\n", "");
        String html = "<!DOCTYPE html><html><head><base href=\"http://files.court.example/docs/\"></head><body><ul>"
                + "<li><a href=\"Opinion 12-1 (final).pdf\">a</a></li>"
                + "<li><a href=\"javascript:openDoc(3)\">b</a></li>"
                + "<li><a href=\"mailto:clerk@court.example\">c</a></li>"
                + "<li><a href=\"décision été.pdf\">d</a></li></ul></body></html>";
        List<ListedItem> items = c.listed(Page.of(PAGE, html.getBytes(StandardCharsets.UTF_8), null, null));
        assertThat(items).extracting(i -> i.link().toString()).containsExactly(
                "http://files.court.example/docs/Opinion%2012-1%20(final).pdf",
                "http://files.court.example/docs/d%C3%A9cision%20%C3%A9t%C3%A9.pdf");
    }

    @Test
    void theItemLinksOfAPlainListingAreReadLenientlyToo() throws IOException {
        GenericCrawler c = crawler("item: {css: 'li a'}\n", "");
        List<ListedItem> items = c.listed(page("<ul><li><a href='x y.html'>x</a></li>"
                + "<li><a href='mailto:a@b.c'>m</a></li></ul>"));
        assertThat(items).extracting(i -> i.link().toString()).containsExactly("http://court.example/opinions/x%20y.html");
        assertThat(items).noneMatch(ListedItem::document);
    }

    @Test
    void joinAndTemplateBuildValuesAndTheLink() throws IOException {
        GenericCrawler c = crawler("""
                row: {css: 'tr:has(td)'}
                fields:
                  docket: {css: 'td.docket', required: true}
                  parties: {join: [{css: td.p1}, {css: td.p2}], separator: ' v. '}
                link: {template: '{base}/opinions/{docket}.pdf'}
                """, "");
        List<ListedItem> items = c.listed(page("<table><tr><th>h</th></tr><tr><td class='docket'>12-345</td>"
                + "<td class='p1'>Smith</td><td class='p2'>Jones</td></tr></table>"));
        assertThat(items).singleElement().satisfies(i -> {
            assertThat(i.link()).hasToString("http://court.example/opinions/12-345.pdf");
            assertThat(i.fields().get("parties")).containsExactly("Smith v. Jones");
        });
    }

    @Test
    void aRowWithoutARequiredFieldFailsThePageNamingFieldAndSelector() throws IOException {
        GenericCrawler c = crawler("""
                row: {css: li}
                fields:
                  date: {css: .date, date-format: dd.MM.yyyy, required: true}
                """, "");
        assertThatThrownBy(() -> c.listed(page("<ul><li><a href='a.pdf'>a</a> <span class='date'>01.02.2020</span></li>"
                + "<li><a href='b.pdf'>b</a></li></ul>")))
                .isInstanceOf(ExtractionException.class)
                .hasMessageContaining("field 'date'").hasMessageContaining("1 of 2 rows")
                .hasMessageContaining("css: .date");
    }

    @Test
    void rowsWithinTheToleratedShareAreLeftOutAndAboveItThePageFails() throws IOException {
        GenericCrawler c = crawler("""
                row: {css: li}
                max-missing: 30%
                fields:
                  date: {css: .date, required: true}
                """, "");
        String fine = "<li><a href='%s.pdf'>x</a> <span class='date'>1</span></li>";
        StringBuilder fourOfFive = new StringBuilder("<ul>");
        for (int i = 0; i < 4; i++) {
            fourOfFive.append(fine.formatted(i));
        }
        List<ListedItem> items = c.listed(page(fourOfFive + "<li><a href='x.pdf'>x</a></li></ul>"));
        assertThat(items).hasSize(4);
        assertThatThrownBy(() -> c.listed(page("<ul>" + fine.formatted(1) + "<li><a href='x.pdf'>x</a></li></ul>")))
                .isInstanceOf(ExtractionException.class).hasMessageContaining("1 of 2 rows (50 %)")
                .hasMessageContaining("max-missing 30 %");
    }

    @Test
    void withADetailStepRowsLinkDetailPagesAndMergeAsConfigured() throws IOException {
        String detail = """
                      detail:
                        fields:
                          title: {css: h1}
                """;
        GenericCrawler detailWins = crawler("row: {css: li}\nfields: {title: {css: a}, court: {css: .court}}\n", detail);
        GenericCrawler rowWins = crawler("row: {css: li}\nmerge: row-wins\nfields: {title: {css: a}}\n", detail);
        List<ListedItem> items = detailWins.listed(page("<ul><li><a href='d/1'>Row title</a><i class='court'>CE</i></li></ul>"));
        assertThat(items).singleElement().satisfies(i -> assertThat(i.document()).isFalse());
        Page d = Page.of(URI.create("http://court.example/opinions/d/1"),
                "<html><body><h1>Detail title</h1></body></html>".getBytes(StandardCharsets.UTF_8), null, null);
        assertThat(detailWins.extract(d, items).metadata()).containsEntry("title", "Detail title")
                .containsEntry("court", "CE");
        assertThat(rowWins.extract(d, rowWins.listed(page("<ul><li><a href='d/1'>Row title</a></li></ul>")))
                .metadata()).containsEntry("title", "Row title");
    }
}
