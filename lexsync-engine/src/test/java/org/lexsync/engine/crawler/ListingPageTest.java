package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The SPI's listing result carries row fields for Java crawlers too; the old constructor keeps working. */
class ListingPageTest {
    private static final URI A = URI.create("http://court.example/a.pdf");
    private static final URI B = URI.create("http://court.example/b.pdf");

    /** A Java crawler that overrides nothing but the two functions. */
    private static final PortalCrawler PLAIN = new PortalCrawler() {
        @Override
        public ListingPage list(@Nullable String cursor, CrawlSession session) {
            throw new UnsupportedOperationException();
        }

        @Override
        public DocumentGroup extract(Page detail) {
            return DocumentGroup.of("d", detail.url(), Map.of("title", "From the page"), "From the page", null,
                    List.of());
        }
    };

    @Test
    void theOldConstructorListsDetailPagesWithoutFields() {
        ListingPage p = new ListingPage(List.of(A, B), List.of(), null, true, null);
        assertThat(p.listed()).containsExactly(new ListedItem(A), new ListedItem(B));
        assertThat(p.listed()).noneMatch(ListedItem::document);
    }

    @Test
    void listedItemsGiveTheItemsWithoutRepeats() {
        ListingPage p = ListingPage.of(List.of(new ListedItem(A, Map.of("docket", List.of("1")), true),
                new ListedItem(A, Map.of("docket", List.of("2")), true), new ListedItem(B, Map.of(), true)),
                List.of(), null, true, null);
        assertThat(p.items()).containsExactly(A, B);
        assertThat(p.suspicious()).isFalse();
    }

    @Test
    void aJavaCrawlersRowOnlyGroupKeepsEveryRecordSortedAndItsDetailGroupsMergeThePageWinning() {
        DocumentGroup g = PLAIN.group(A, List.of(new ListedItem(A, Map.of("id", List.of("2"), "t", List.of("b")), true),
                new ListedItem(A, Map.of("id", List.of("1"), "t", List.of("x", "y")), true)));
        assertThat(g.id()).isEqualTo("1");
        assertThat(g.metadata()).containsEntry("t", "x; y");
        assertThat(g.records()).extracting(r -> r.get("id")).containsExactly("1", "2");
        Page page = Page.of(B, "<html></html>".getBytes(StandardCharsets.UTF_8), null, null);
        DocumentGroup merged = PLAIN.extract(page, List.of(new ListedItem(B, Map.of("title", List.of("From the row"),
                "court", List.of("CE")), false)));
        assertThat(merged.metadata()).containsEntry("title", "From the page").containsEntry("court", "CE");
        assertThat(merged.records()).isEmpty();
        assertThat(PLAIN.extract(page, List.of(new ListedItem(B)))).isEqualTo(PLAIN.extract(page));
    }
}
