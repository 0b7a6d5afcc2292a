package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.server.DocumentVersions;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 33, document pages, in a real headless Chromium: an operator finds a document held in three versions by
 * text in its title, opens its page (state, files, every version with run and download), asks for the diff of the
 * first and the last version and sees the changed and the added line, all under the dashboard's CSP.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(RequiresChromium.class)
class DocumentPagesBrowserTest {
    @TempDir
    static Path dir;
    private DocumentVersions store;
    private ChromeDriver browser;

    @BeforeAll
    void start() {
        HeadlessChromium.require();
        store = DocumentVersions.start(dir, DashboardFeature::new);
    }

    @AfterAll
    void stop() {
        if (store != null) {
            store.close();
        }
    }

    @BeforeEach
    void startBrowser(@TempDir Path profile) {
        browser = HeadlessChromium.start(profile);
    }

    @AfterEach
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private WebDriverWait waiting() {
        return new WebDriverWait(browser, Duration.ofSeconds(10));
    }

    @Test
    void aDocumentFoundByItsTitleShowsThreeVersionsAndTheDiffOfTheFirstAndTheLast() throws Exception {
        browser.get(store.server().uri().resolve("/").toString());
        browser.findElement(By.linkText("Documents")).click();
        waiting().until(d -> d.getTitle().startsWith("Documents"));
        browser.findElement(By.name("q")).sendKeys("keeping of BEES");
        browser.findElement(By.cssSelector("#find-document button[type=submit]")).click();
        waiting().until(d -> !d.findElements(By.id("documents")).isEmpty());
        browser.findElement(By.linkText(store.uri())).click();
        waiting().until(d -> d.getTitle().startsWith("Document "));

        assertThat(browser.findElement(By.id("document")).getText()).contains(DocumentVersions.TITLE)
                .contains("2026-01-03").contains(DocumentVersions.SOURCE);
        assertThat(browser.findElement(By.id("files")).getText()).contains("text/plain").contains("/d/act.txt");
        List<WebElement> versions = browser.findElements(By.cssSelector("#versions tbody tr"));
        assertThat(versions).hasSize(3);
        assertThat(versions.get(0).getText()).contains("created");
        assertThat(versions.get(2).getText()).contains("updated").contains("2026-01-03");
        assertThat(browser.findElements(By.cssSelector("#versions a[href^='/blob/sha256/']"))).hasSize(3);
        HeadlessChromium.screenshot(browser, "document-versions");

        new Select(browser.findElement(By.name("from"))).selectByIndex(0);
        new Select(browser.findElement(By.name("to"))).selectByIndex(2);
        browser.findElement(By.cssSelector("#diff button[type=submit]")).click();
        waiting().until(d -> d.getTitle().startsWith("Diff "));

        assertThat(browser.findElement(By.id("diff-summary")).getText()).isEqualTo("3 lines changed.");
        assertThat(browser.findElement(By.cssSelector("#line-diff tr.removed")).getText())
                .contains("line two: hives are registered");
        assertThat(browser.findElements(By.cssSelector("#line-diff tr.added"))).extracting(WebElement::getText)
                .anySatisfy(t -> assertThat(t).contains("hives are registered yearly"))
                .anySatisfy(t -> assertThat(t).contains("line four: repeal"));
        HeadlessChromium.screenshot(browser, "document-diff");
        assertThat(HeadlessChromium.console(browser)).noneMatch(m -> m.contains("Content Security Policy"));
    }

    @Test
    void aDiffOfAnUnknownVersionIsAPageSayingWhich() {
        browser.get(store.server().uri().resolve(DocumentPages.path(DocumentVersions.SOURCE, store.uri())
                + "/diff?from=1&to=999999").toString());
        assertThat(browser.findElement(By.id("refused")).getText()).contains("999999").contains("to");
    }
}
