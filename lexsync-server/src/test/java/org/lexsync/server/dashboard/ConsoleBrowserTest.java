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
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The operator console of issue 33 in a real headless Chromium over {@link ConsoleFixture}: the overview's error
 * text, freshness, holdings and sparklines, its sorting and filtering (plain links and a GET form), the findings by
 * rule, an ELI document's RDF with its SPARQL link, and the pages on a phone; screenshots under
 * {@code target/dashboard-screenshots/console-*.png}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(RequiresChromium.class)
class ConsoleBrowserTest {
    @TempDir
    static Path dir;
    private ConsoleFixture fixture;
    private ChromeDriver browser;

    @BeforeAll
    void startServer() throws Exception {
        HeadlessChromium.require();
        fixture = new ConsoleFixture(dir);
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

    private List<String> shownSources() {
        return browser.findElements(By.cssSelector("#sources tbody tr")).stream()
                .map(r -> r.getAttribute("data-source")).toList();
    }

    @Test
    void aFailingSourcesErrorTextIsOnTheOverview() throws Exception {
        browser.manage().window().setSize(new Dimension(1280, 1000));
        browser.get(fixture.uri("/").toString());
        HeadlessChromium.screenshot(browser, "console-overview-1280");
        long width = (Long) browser.executeScript("return document.getElementById('sources').scrollWidth");
        long room = (Long) browser.executeScript("return document.querySelector('.scroll').clientWidth");
        assertThat(width).as("the overview's table fits 1,280 px without scrolling").isLessThanOrEqualTo(room);
        WebElement reason = row("broken").findElement(By.cssSelector("td.health .reason"));
        assertThat(reason.getText()).contains("aborted").contains("127.0.0.1");
        assertThat(row("broken").getAttribute("class")).isEqualTo("failing");
        assertThat(row("broken").findElement(By.cssSelector("td.health")).getText()).startsWith("failing");
    }

    @Test
    void eachSourceShowsItsFreshnessWhatIsHeldAndItsChangesIn24Hours() {
        browser.get(fixture.uri("/").toString());
        assertThat(row("eli").findElement(By.cssSelector("td.held")).getText()).isEqualTo("4");
        assertThat(row("eli").findElement(By.cssSelector("td.lag")).getText()).contains("newest 20");
        assertThat(row("eli").findElement(By.cssSelector("td.changes")).getText()).startsWith("4");
        assertThat(row("later").findElement(By.cssSelector("td.held")).getText()).isEqualTo("0");
        long held = fixture.lexsync.store().resourceCount(null);
        assertThat(browser.findElement(By.id("total-held")).getText()).isEqualTo(Long.toString(held));
        assertThat(browser.findElement(By.id("held-counts")).getText()).isEqualTo("held now");
        assertThat(browser.findElement(By.id("last-run-counts")).getText()).isEqualTo("changes in the last run");
    }

    @Test
    void sparklinesOfChangesPerHourAndOfRunDurationsAreDrawnOnTheServer() {
        browser.get(fixture.uri("/").toString());
        assertThat(row("eli").findElements(By.cssSelector("svg.spark-changes rect"))).hasSize(1); // one busy hour
        assertThat(row("eli").findElement(By.cssSelector("svg.spark-changes title")).getAttribute("textContent"))
                .startsWith("changes per hour of eli, last 24 hours: most 4 in the hour from ");
        assertThat(row("later").findElement(By.cssSelector("svg.spark-changes title")).getAttribute("textContent"))
                .isEqualTo("no changes of later in the last 24 hours");
        assertThat(row("cyc").findElements(By.cssSelector("svg.spark-runs rect"))).hasSize(2);
        assertThat(row("eli").findElement(By.cssSelector("svg.spark-runs title")).getAttribute("textContent"))
                .contains("durations of the last 1 runs of eli");
        assertThat(row("later").findElements(By.cssSelector("svg.spark-runs"))).isEmpty();
    }

    @Test
    void aHeadingSortsTheSourcesAndAgainReversesThem() throws Exception {
        browser.get(fixture.uri("/").toString());
        clickAndLoad(By.cssSelector("a.sort[data-sort='health']"));
        assertThat(browser.getCurrentUrl()).contains("sort=health&order=asc");
        assertThat(shownSources().get(0)).isEqualTo("broken"); // failing first
        // then the warnings (cyc, miss: each run had a failed item), the new one, the ok one last
        assertThat(shownSources()).containsExactly("broken", "cyc", "miss", "later", "eli");
        assertThat(browser.findElement(By.cssSelector("th[aria-sort='ascending']")).getText()).startsWith("health");
        HeadlessChromium.screenshot(browser, "console-sorted");

        // by keyboard: focus the link and press Enter
        WebElement again = browser.findElement(By.cssSelector("a.sort[data-sort='health']"));
        again.sendKeys(Keys.ENTER);
        assertThat(browser.getCurrentUrl()).contains("order=desc");
        assertThat(shownSources().get(shownSources().size() - 1)).isEqualTo("broken");

        clickAndLoad(By.cssSelector("a.sort[data-sort='held']"));
        assertThat(shownSources().get(shownSources().size() - 1)).isEqualTo("eli");
    }

    @Test
    void theFilterFormKeepsTheSourcesOfAProtocolAHealthOrAText() throws Exception {
        browser.get(fixture.uri("/").toString());
        new Select(browser.findElement(By.name("protocol"))).selectByValue("eli");
        clickAndLoad(By.cssSelector("#filter button[type='submit']"));
        assertThat(shownSources()).containsExactly("eli");
        assertThat(browser.findElement(By.id("shown")).getText()).isEqualTo("1 of 5 sources");
        HeadlessChromium.screenshot(browser, "console-filtered");

        browser.get(fixture.uri("/?health=failing").toString());
        assertThat(shownSources()).containsExactly("broken");
        browser.get(fixture.uri("/?q=MIS").toString());
        assertThat(shownSources()).containsExactly("miss");
        browser.get(fixture.uri("/?host=127.0.0.1&sort=source").toString());
        assertThat(shownSources()).containsExactly("broken", "cyc", "eli", "later", "miss");
        clickAndLoad(By.id("clear-filter"));
        assertThat(shownSources()).hasSize(5);
    }

    @Test
    void findingsOfTheLastRunsAreGroupedByRuleAcrossSourcesAndPerSource() throws Exception {
        browser.get(fixture.uri("/").toString());
        clickAndLoad(By.linkText("Findings"));
        HeadlessChromium.screenshot(browser, "console-findings");
        WebElement cycle = browser.findElement(By.cssSelector("#rules tr[data-rule='" + ConsoleFixture.CYCLE_RULE
                + "']"));
        assertThat(cycle.findElement(By.cssSelector("td.count")).getText()).isEqualTo("2");
        assertThat(cycle.findElements(By.cssSelector("ul.examples li"))).hasSize(2);
        assertThat(cycle.getText()).contains("cyc (2)").contains("leads back to a document already walked");
        assertThat(browser.findElement(By.cssSelector("#rules tr[data-rule='" + ConsoleFixture.MISSING_RULE + "']"))
                .getText()).contains("miss (1)");

        new Select(browser.findElement(By.name("source"))).selectByValue("miss");
        clickAndLoad(By.cssSelector("#findings-form button"));
        assertThat(browser.findElements(By.cssSelector("#rules tbody tr"))).extracting(r -> r.getAttribute("data-rule"))
                .containsExactly(ConsoleFixture.MISSING_RULE);
        assertThat(browser.findElement(By.id("findings-scope")).getText()).contains("of miss");

        browser.get(fixture.uri("/findings?runs=0").toString());
        assertThat(browser.findElement(By.id("refused")).getText()).contains("runs must be a whole number from 1");
    }

    @Test
    void anEliDocumentShowsItsRdfAndLinksToTheSparqlQueryForIt() throws Exception {
        String uri = fixture.eli.eli(1);
        browser.get(fixture.uri(DocumentPages.path("eli", uri)).toString());
        HeadlessChromium.screenshot(browser, "console-eli-document");
        List<WebElement> titles = browser.findElements(By.cssSelector("#rdf tr.rdf-title"));
        assertThat(titles).isNotEmpty();
        assertThat(titles.get(0).getText()).contains("eli:title").contains("2025/1");
        assertThat(browser.findElements(By.cssSelector("#rdf tr.rdf-relation"))).isNotEmpty();
        String sparql = browser.findElement(By.id("sparql-link")).getAttribute("href");
        assertThat(sparql).startsWith(fixture.uri("/api/sparql?query=").toString());

        browser.get(sparql);
        assertThat(browser.findElement(By.tagName("body")).getText()).contains("is_realized_by");
    }

    @Test
    void thePagesAreReadableOnAPhone() throws Exception {
        browser.manage().window().setSize(new Dimension(390, 844));
        for (String[] page : new String[][] {{"/", "console-phone-overview"}, {"/findings", "console-phone-findings"},
                {DocumentPages.path("eli", fixture.eli.eli(1)), "console-phone-eli-document"}}) {
            browser.get(fixture.uri(page[0]).toString());
            HeadlessChromium.screenshot(browser, page[1]);
            long width = (Long) browser.executeScript("return document.documentElement.clientWidth");
            long scroll = (Long) browser.executeScript("return document.documentElement.scrollWidth");
            assertThat(scroll).as("%s scrolls sideways as a whole; only its tables may", page[0]).isLessThanOrEqualTo(width);
        }
    }

    /**
     * Clicks a link or a form's button and waits for the page it loads: a lookup right after the click could read the
     * old page, or the new one before its rows are in. The old page is marked with a script variable rather than
     * watched with {@code stalenessOf}: while a navigation is under way ChromeDriver may answer a question about an
     * old element with "unknown error: Node with given id does not belong to the document" instead of a stale-element
     * error, which {@code stalenessOf} does not treat as stale (a CI run failed on it).
     */
    private void clickAndLoad(By target) {
        JavascriptExecutor script = (JavascriptExecutor) browser;
        script.executeScript("window.lexsyncOldPage = true");
        browser.findElement(target).click();
        new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(WebDriverException.class).until(d -> Boolean.TRUE
                .equals(script.executeScript("return window.lexsyncOldPage === undefined"
                        + " && document.readyState === 'complete'")));
    }
}
