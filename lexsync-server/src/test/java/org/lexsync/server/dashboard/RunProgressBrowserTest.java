package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.server.HeldHarvest;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 33, live progress, in a real headless Chromium: the page of a harvest the test holds shows its progress,
 * and the numbers advance on the open page (polled by dashboard.js, no reload) as the test releases documents,
 * under the dashboard's CSP; when the run ends the page shows its final counts.
 */
@ExtendWith(RequiresChromium.class)
class RunProgressBrowserTest {
    @TempDir
    Path dir;
    private HeldHarvest held;
    private ChromeDriver browser;

    @BeforeEach
    void start(@TempDir Path profile) {
        HeadlessChromium.require();
        held = new HeldHarvest(dir, DashboardFeature::new);
        browser = HeadlessChromium.start(profile);
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        held.close();
    }

    private String committed() {
        return browser.findElement(By.cssSelector("[data-progress=committed]")).getText();
    }

    @Test
    void theNumbersOfARunningHarvestAdvanceOnTheOpenPage() throws Exception {
        long id = held.run().id();
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        wait.until(d -> {
            d.get(held.server().uri().resolve("/runs/" + id).toString());
            return !d.findElements(By.id("progress")).isEmpty();
        });
        assertThat(committed()).isEqualTo("0");
        browser.executeScript("document.getElementById('progress').setAttribute('data-marker', 'same page')");

        held.release(2);
        wait.until(d -> committed().equals("2"));
        assertThat(browser.findElement(By.id("progress")).getAttribute("data-marker")).isEqualTo("same page");
        assertThat(browser.findElement(By.cssSelector("[data-progress=phase]")).getText())
                .isEqualTo("fetching and committing");
        HeadlessChromium.screenshot(browser, "run-progress");

        held.release(HeldHarvest.ITEMS);
        wait.until(d -> d.findElements(By.id("progress")).isEmpty());
        assertThat(browser.findElement(By.id("run-status")).getText()).isEqualTo("succeeded");
        assertThat(HeadlessChromium.console(browser)).noneMatch(m -> m.contains("Content Security Policy"));
    }
}
