package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Operations;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.nodes.NodesFeature;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 32, the nodes page in a real headless Chromium under the dashboard's CSP: this node is listed live with its
 * address and version, a node silent for ten minutes (a real row of another pid and host) is red, and the nav links
 * to the page.
 */
@ExtendWith(RequiresChromium.class)
class NodesPageBrowserTest {
    private static final String GONE = "4242@gone-host.example";
    @TempDir
    Path dir;
    private LexSync lexsync;
    private LexSyncServer server;
    private ChromeDriver browser;

    @BeforeEach
    void start(@TempDir Path profile) throws Exception {
        HeadlessChromium.require();
        lexsync = LexSync.builder(dir.resolve("data")).version("9.8.7").build();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data").resolve("lexsync.db"));
             Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO nodes (id, pid, host, address, version, started_at, heartbeat_at) VALUES ('"
                    + GONE + "', 4242, 'gone-host.example', 'http://gone-host.example:8080/', '9.8.6',"
                    + " '2026-01-01T00:00:00Z', " + (System.currentTimeMillis() - 600_000) + ")");
        }
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0))
                .feature(DashboardFeature::new).feature(NodesFeature::new).build().start();
        browser = HeadlessChromium.start(profile);
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        server.close();
        lexsync.close();
    }

    @Test
    void aStaleNodeIsRedAndThisNodeIsLive() throws Exception {
        browser.get(server.uri().toString());
        browser.findElement(By.linkText("Nodes")).click();
        new WebDriverWait(browser, Duration.ofSeconds(20)).until(d -> !d.findElements(By.id("nodes")).isEmpty());
        WebElement self = browser.findElement(By.cssSelector("tr[data-node='" + Operations.nodeId() + "']"));
        WebElement gone = browser.findElement(By.cssSelector("tr[data-node='" + GONE + "']"));
        assertThat(self.getAttribute("class")).isEqualTo("ok");
        assertThat(self.getText()).contains("(this node)", server.uri().toString(), "9.8.7", "live");
        assertThat(gone.getAttribute("class")).isEqualTo("stale");
        assertThat(gone.getText()).contains("stale", "9.8.6", "http://gone-host.example:8080/");
        WebElement health = gone.findElement(By.cssSelector("td.health"));
        assertThat(health.getCssValue("color")).isEqualTo("rgba(179, 38, 30, 1)");
        // stale is drawn as a red ring (the overview's stale sources look the same)
        assertThat(gone.findElement(By.cssSelector(".dot")).getCssValue("border-top-color"))
                .isEqualTo("rgba(208, 49, 45, 1)");
        HeadlessChromium.screenshot(browser, "nodes");
        assertThat(HeadlessChromium.console(browser)).noneMatch(m -> m.contains("Content Security Policy"));
    }
}
