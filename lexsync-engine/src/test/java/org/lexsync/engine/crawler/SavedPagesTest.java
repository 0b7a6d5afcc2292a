package org.lexsync.engine.crawler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Source;

/**
 * Saved-page tests (docs/crawlers.md, "Saved-page tests"; EUCases D2.1 §3.3: a portal that changed its HTML broke the
 * crawlers silently): every directory {@code src/test/resources/portals/<source>/} holds a {@code lexsync.yaml}
 * defining the source's crawler and saved detail pages {@code <name>.html}, each beside {@code <name>.expected.json},
 * the document group its extract step must make of it (or the error it must raise). Runs offline. A page without an
 * expected file gets one written from what the crawler extracts now, and the test fails with "generated, review it".
 */
class SavedPagesTest {
    static final Path PORTALS = Path.of("src", "test", "resources", "portals");

    @TestFactory
    Stream<DynamicNode> everyPortalsSavedPagesExtractAsExpected() throws IOException {
        List<DynamicNode> portals = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(PORTALS)) {
            for (Path dir : dirs.sorted().toList()) {
                if (Files.isRegularFile(dir.resolve("lexsync.yaml"))) {
                    portals.add(DynamicContainer.dynamicContainer(dir.getFileName().toString(), pages(dir)));
                }
            }
        }
        if (portals.isEmpty()) {
            fail("no portals under " + PORTALS.toAbsolutePath());
        }
        return portals.stream();
    }

    private static Stream<DynamicNode> pages(Path dir) throws IOException {
        Source source = LexSync.readConfig(dir.resolve("lexsync.yaml")).get(0);
        CrawlerOptions options = (CrawlerOptions) source.options();
        URI home = source.urls().get(0);
        List<DynamicNode> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path html : files.filter(f -> f.toString().endsWith(".html")
                    && !f.toString().endsWith(SavedListingPagesTest.SUFFIX)).sorted().toList()) {
                String name = html.getFileName().toString().replaceFirst("\\.html$", "");
                tests.add(DynamicTest.dynamicTest(name, () -> check(options, home, html, name)));
            }
        }
        return tests.stream();
    }

    private static void check(CrawlerOptions options, URI home, Path html, String name) throws IOException {
        Page page = Page.of(home.resolve(name + ".html"), Files.readAllBytes(html), null, options.charset());
        String actual = extracted(options.crawler(home), page);
        Path expected = html.resolveSibling(name + ".expected.json");
        if (!Files.exists(expected)) {
            Files.writeString(expected, actual, StandardCharsets.UTF_8);
            fail(expected + " was missing: generated, review it");
        }
        assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual,
                () -> html + ": the extracted group differs from " + expected.getFileName());
    }

    /** The group as canonical JSON, or the extraction error as {@code {"error": …}}. */
    static String extracted(PortalCrawler crawler, Page page) {
        try {
            return new String(CrawlPlanner.metadataJson(crawler.extract(page)), StandardCharsets.UTF_8);
        } catch (ExtractionException e) {
            return "{\"error\":" + CrawlPlanner.quote("field '" + e.field() + "' missing or unreadable") + "}\n";
        }
    }
}
