package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lexsync crawl SOURCE --preview FILE.html}: the round trip of docs/crawlers.md, "Preview on a saved page" —
 * a saved court listing previewed with a wrong selector (a warning naming it, exit 1), the config fixed, previewed
 * again (every field with its selector, exit 0); nothing fetched, no store created.
 */
class CrawlPreviewCommandTest {
    private static final Path PORTAL = Path.of("..", "lexsync-engine", "src", "test", "resources", "portals",
            "court-opinions");

    @TempDir
    Path dir;

    @Test
    void previewsTheListingStepOfASavedPageAndWarnsOfARequiredFieldThatMatchedNothing() throws Exception {
        String good = Files.readString(PORTAL.resolve("lexsync.yaml"), StandardCharsets.UTF_8);
        Path page = dir.resolve("opinions.html");
        Files.copy(PORTAL.resolve("opinions-2014.listing.html"), page);
        Path config = dir.resolve("lexsync.yaml");
        Path store = dir.resolve("data");
        Files.writeString(config, good.replace("{css: td.docket,", "{css: td.case-number,"), StandardCharsets.UTF_8);

        CliRun broken = CliRun.of("crawl", "court", "--config", config.toString(), "--store", store.toString(),
                "--preview", page.toString(), "--url", "https://court.example/opinions?page=1");
        assertThat(broken.code()).as(broken.err()).isEqualTo(1);
        assertThat(broken.out()).contains("docket  WARNING required field matched nothing: none of its selectors"
                + " matched ([css: td.case-number])").contains("5 warnings");

        Files.writeString(config, good, StandardCharsets.UTF_8);
        CliRun fixed = CliRun.of("crawl", "court", "--config", config.toString(), "--store", store.toString(),
                "--preview", page.toString(), "--url", "https://court.example/opinions?page=1");
        assertThat(fixed.code()).as(fixed.err()).isZero();
        assertThat(fixed.out())
                .contains("rows (css: table.opinions tr:has(td)): 5")
                .contains("row 1: https://court.example/files/Opinion%2013-1041.pdf  <- css: td a (the document)")
                .contains("docket  13-1041  <- css: td.docket")
                .contains("date    2014-07-17  <- preceding-heading > text")
                .contains("id      opinion-13-1041  <- template opinion-{docket}")
                .contains("next (css: a.next): https://court.example/opinions?page=2")
                .contains("0 warnings");
        assertThat(store).doesNotExist();
    }

    @Test
    void previewsTheDetailStep() throws Exception {
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, """
                sources:
                  - id: portal
                    protocol: crawler
                    url: https://portal.example/
                    crawler:
                      seeds: [acts]
                      listing: {item: a}
                      detail:
                        fields:
                          title: {css: h1, required: true}
                          date: {css: .date, date-format: 'd MMMM yyyy', locale: fr}
                        attachments: {css: a.file}
                """, StandardCharsets.UTF_8);
        Path page = dir.resolve("act 3.html");
        Files.writeString(page, "<html><body><h1>Loi n° 3</h1><p class='date'>17 juillet 2014</p>"
                + "<a class='file' href='files/texte intégral.pdf'>PDF</a></body></html>", StandardCharsets.UTF_8);
        CliRun run = CliRun.of("crawl", "portal", "--config", config.toString(), "--preview", page.toString(),
                "--step", "detail");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("detail step of https://portal.example/act%203.html")
                .contains("title  Loi n° 3  <- css: h1").contains("date   2014-07-17  <- css: .date")
                .contains("https://portal.example/files/texte%20int%C3%A9gral.pdf");
    }

    @Test
    void aWrongStepIsAUsageError() throws Exception {
        Path config = dir.resolve("lexsync.yaml");
        Files.copy(PORTAL.resolve("lexsync.yaml"), config);
        CliRun run = CliRun.of("crawl", "court", "--config", config.toString(), "--preview",
                PORTAL.resolve("opinions-2014.listing.html").toString(), "--step", "rows");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("--step must be listing or detail, was rows").doesNotContain("Exception");
    }
}
