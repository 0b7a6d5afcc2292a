package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Source;

/**
 * Saved listing pages (docs/crawlers.md, "Saved-page tests"): every {@code portals/<source>/<name>.listing.html}
 * runs through the listing step of the source's crawler, offline, beside {@code <name>.listing.expected.json}: one
 * line per listed link — the document group a row-only listing makes of the rows naming it (as LexSync stores its
 * metadata), or the link and its row fields when a detail page follows — or the error the sanity gate raises. A
 * page without an expected file gets one written, and the test fails with "generated, review it".
 */
class SavedListingPagesTest {
    static final String SUFFIX = ".listing.html";

    @TestFactory
    Stream<DynamicNode> everyPortalsSavedListingPagesListAsExpected() throws IOException {
        List<DynamicNode> portals = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(SavedPagesTest.PORTALS)) {
            for (Path dir : dirs.sorted().toList()) {
                List<Path> pages;
                try (Stream<Path> files = Files.list(dir)) {
                    pages = files.filter(f -> f.toString().endsWith(SUFFIX)).sorted().toList();
                }
                if (!pages.isEmpty()) {
                    portals.add(DynamicContainer.dynamicContainer(dir.getFileName().toString(), tests(dir, pages)));
                }
            }
        }
        assertThat(portals).as("saved listing pages under " + SavedPagesTest.PORTALS).isNotEmpty();
        return portals.stream();
    }

    /** The crawlers docs/crawlers.md shows are the ones these saved pages test. */
    @Test
    void theDocsShowTheTestedCrawlers() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "crawlers.md"), StandardCharsets.UTF_8);
        for (String portal : List.of("court-opinions", "conseil-fr", "gericht-de", "sad-bg")) {
            String yaml = Files.readString(SavedPagesTest.PORTALS.resolve(portal).resolve("lexsync.yaml"),
                    StandardCharsets.UTF_8);
            assertThat(docs).as("docs/crawlers.md shows portals/" + portal + "/lexsync.yaml").contains(yaml);
        }
    }

    private static Stream<DynamicNode> tests(Path dir, List<Path> pages) {
        Source source = LexSync.readConfig(dir.resolve("lexsync.yaml")).get(0);
        CrawlerOptions options = (CrawlerOptions) source.options();
        URI home = source.urls().get(0);
        return pages.stream().map(html -> {
            String name = html.getFileName().toString().replaceFirst("\\.html$", "");
            return DynamicTest.dynamicTest(name, () -> check(options, home, html, name));
        });
    }

    private static void check(CrawlerOptions options, URI home, Path html, String name) throws IOException {
        Page page = Page.of(home.resolve(name.replaceFirst("\\.listing$", "")), Files.readAllBytes(html), null,
                options.charset());
        String actual = listed((GenericCrawler) options.crawler(home), page);
        Path expected = html.resolveSibling(name + ".expected.json");
        if (!Files.exists(expected)) {
            Files.writeString(expected, actual, StandardCharsets.UTF_8);
            fail(expected + " was missing: generated, review it");
        }
        assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual,
                () -> html + ": what the listing step gives differs from " + expected.getFileName());
    }

    /** One line per listed link: its group (row-only) or its link and fields; or the gate's error. */
    static String listed(GenericCrawler crawler, Page page) {
        List<ListedItem> items;
        try {
            items = crawler.listed(page);
        } catch (ExtractionException e) {
            return "{\"error\":" + CrawlPlanner.quote("field '" + e.field() + "' missing or unreadable") + "}\n";
        }
        Map<URI, List<ListedItem>> byLink = new LinkedHashMap<>();
        items.forEach(i -> byLink.computeIfAbsent(i.link(), k -> new ArrayList<>()).add(i));
        StringBuilder b = new StringBuilder();
        for (Map.Entry<URI, List<ListedItem>> e : byLink.entrySet()) {
            if (e.getValue().get(0).document()) {
                b.append(new String(CrawlPlanner.metadataJson(crawler.group(e.getKey(), e.getValue())),
                        StandardCharsets.UTF_8));
            } else {
                DocumentGroup fields = RowRecords.document(e.getKey(), e.getValue());
                b.append("{\"detail\":").append(CrawlPlanner.quote(e.getKey().toString())).append(",\"rows\":")
                        .append(new String(CrawlPlanner.metadataJson(fields), StandardCharsets.UTF_8).strip())
                        .append("}\n");
            }
        }
        return b.toString();
    }
}
