package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.lexsync.server.Eventually;

/**
 * The dashboard in a real headless Chromium (docs/architecture.md, "Dashboard and metrics"): the sources with the
 * right colours, a run's detail, the other pages; a screenshot of each page under
 * {@code target/dashboard-screenshots/}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(RequiresChromium.class)
class DashboardBrowserTest {
    @TempDir
    static Path dir;
    private DashboardFixture fixture;
    private ChromeDriver browser;

    @BeforeAll
    void startServer() throws Exception {
        HeadlessChromium.require();
        fixture = new DashboardFixture(dir);
    }

    @AfterAll
    void stopServer() {
        if (fixture != null) {
            fixture.close();
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

    private WebElement row(String source) {
        return browser.findElement(By.cssSelector("#sources tr[data-source='" + source + "']"));
    }

    private String dotColour(String source) {
        return row(source).findElement(By.cssSelector("td.health .dot")).getCssValue("background-color");
    }

    @Test
    void theOverviewShowsEachSourceInTheColourOfItsHealth() throws Exception {
        browser.get(fixture.uri("/").toString());
        HeadlessChromium.screenshot(browser, "sources");
        assertThat(browser.getTitle()).isEqualTo("Sources · LexSync");
        assertThat(dotColour("acts")).isEqualTo("rgba(46, 157, 74, 1)"); // green #2e9d4a
        assertThat(dotColour("broken")).isEqualTo("rgba(208, 49, 45, 1)"); // red #d0312d
        // stale: a red ring, not the failing source's filled dot (each health looks different, and says so in text)
        assertThat(row("feed").findElement(By.cssSelector("td.health .dot")).getCssValue("border-top-color"))
                .isEqualTo("rgba(208, 49, 45, 1)");
        assertThat(dotColour("feed")).isEqualTo("rgba(255, 255, 255, 1)");
        assertThat(dotColour("later")).isEqualTo("rgba(154, 163, 173, 1)"); // grey #9aa3ad
        assertThat(row("feed").findElement(By.cssSelector(".age-red")).getText())
                .contains("no success for more than 2 × 1 s");
        assertThat(row("acts").findElement(By.cssSelector("td.state")).getText().lines().findFirst().orElseThrow())
                .isIn("idle", "queued", "running");
        assertThat(row("acts").findElement(By.cssSelector("td.state .next-run")).getText()).startsWith("next in ");
        assertThat(browser.findElement(By.id("total-ok")).getText()).isEqualTo("1");
        assertThat(browser.findElement(By.id("total-failing")).getText()).isEqualTo("1");
        assertThat(browser.findElement(By.id("total-stale")).getText()).isEqualTo("1");
        assertThat(browser.findElements(By.cssSelector("#changes-chart rect[fill]"))).isNotEmpty();
    }

    @Test
    void aSourceWithAFailedItemIsAWarningWithWhyAndAFailingOneShowsItsError() {
        browser.get(fixture.uri("/").toString());
        assertThat(dotColour("partly")).isEqualTo("rgba(224, 161, 0, 1)"); // amber #e0a100, not green
        assertThat(row("partly").findElement(By.cssSelector("td.health .reason")).getText())
                .matches("last run #\\d+: 1 item failed");
        assertThat(row("partly").findElement(By.cssSelector("td:nth-child(5)")).getText()).isEqualTo("never");
        assertThat(row("broken").findElement(By.cssSelector("td.health .reason")).getText())
                .contains("aborted").contains("127.0.0.1");
        assertThat(browser.findElement(By.id("total-warning")).getText()).isEqualTo("1");
        assertThat(browser.findElement(By.id("last-run-counts")).getText()).isEqualTo("changes in the last run");
        assertThat(browser.findElement(By.id("held-counts")).getText()).isEqualTo("held now");
    }

    @Test
    void runNowWithTheTokenStartsARunThatAppearsOnThePage() throws Exception {
        browser.get(fixture.uri("/").toString());
        String before = row("acts").findElement(By.cssSelector("a.run-link")).getText();
        browser.findElement(By.id("token")).sendKeys(DashboardFixture.TOKEN);
        row("acts").findElement(By.cssSelector("button[data-action='run']")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.findElement(By.id("action-status")).getText()
                .contains("done"));
        Eventually.until("a new run of acts on the page", Duration.ofSeconds(60), () -> {
            browser.navigate().refresh();
            String now = row("acts").findElement(By.cssSelector("a.run-link")).getText();
            return !now.equals(before) && now.contains("succeeded");
        });
        HeadlessChromium.screenshot(browser, "after-run-now");
        assertThat(runNumber(row("acts").findElement(By.cssSelector("a.run-link")).getText()))
                .isGreaterThan(runNumber(before));
    }

    @Test
    void aButtonWithoutTheTokenShowsTheApisRefusal() {
        browser.get(fixture.uri("/").toString());
        row("acts").findElement(By.cssSelector("button[data-action='pause']")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.findElement(By.id("action-status")).getText()
                .contains("HTTP 401"));
    }

    private static long runNumber(String linkText) {
        return Long.parseLong(linkText.substring(1, linkText.indexOf(' ')));
    }

    @Test
    void aRunsDetailOpensFromTheOverview() throws Exception {
        browser.get(fixture.uri("/").toString());
        row("acts").findElement(By.cssSelector("a.run-link")).click();
        HeadlessChromium.screenshot(browser, "run-detail");
        assertThat(browser.getTitle()).startsWith("Run #");
        assertThat(browser.findElement(By.id("run-status")).getText()).isEqualTo("succeeded");
        assertThat(browser.findElement(By.cssSelector("#counts td")).getText()).isIn("25", "0");
        assertThat(browser.findElement(By.id("run")).getText()).contains("throughput");
    }

    @Test
    void aFailedRunShowsItsError() throws Exception {
        browser.get(fixture.uri("/").toString());
        row("broken").findElement(By.cssSelector("a.run-link")).click();
        HeadlessChromium.screenshot(browser, "run-failed");
        assertThat(browser.findElement(By.id("run-status")).getText()).isEqualTo("aborted");
        assertThat(browser.findElement(By.cssSelector("#run dd.msg")).getText()).isNotBlank();
    }

    @Test
    void anItemFailureLinksToItsDocumentPage() {   // issue 33
        browser.get(fixture.uri("/failures").toString());
        String uri = fixture.lexsync.store().failures("partly").get(0).resourceUri();
        WebElement link = browser.findElement(By.linkText(uri));
        assertThat(link.getAttribute("href")).isEqualTo(fixture.uri(DocumentPages.path("partly", uri)).toString());
    }

    @Test
    void theHostsFailuresAndStorePagesOpenFromTheNavigation() throws Exception {
        browser.get(fixture.uri("/").toString());
        browser.findElement(By.linkText("Hosts")).click();
        HeadlessChromium.screenshot(browser, "hosts");
        assertThat(browser.findElement(By.id("hosts")).getText()).contains("127.0.0.1:" + fixture.pub.baseUri().getPort());
        assertThat(browser.findElement(By.cssSelector("#hosts thead")).getText()).contains("other 4xx");
        browser.findElement(By.linkText("Failures")).click();
        HeadlessChromium.screenshot(browser, "failures");
        assertThat(browser.getTitle()).isEqualTo("Failures · LexSync");
        browser.findElement(By.linkText("Store")).click();
        HeadlessChromium.screenshot(browser, "store");
        // acts 25, feed 12, partly 1 (the entry before the one whose checksum lies)
        assertThat(browser.findElement(By.id("resources")).getText()).isEqualTo("38");
    }

    @Test
    void theTokenIsKeptInTheTabsSessionStorageOnly() {
        browser.get(fixture.uri("/").toString());
        browser.findElement(By.id("token")).sendKeys("s3cret");
        browser.navigate().refresh();
        assertThat(browser.findElement(By.id("token")).getAttribute("value")).isEqualTo("s3cret");
        assertThat(browser.executeScript("return window.localStorage.length")).isEqualTo(0L);
    }
}
