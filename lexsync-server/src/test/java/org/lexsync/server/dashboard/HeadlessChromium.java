package org.lexsync.server.dashboard;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import java.util.logging.Level;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's {@code chromium} driven by its {@code chromedriver}, headless, for the dashboard's browser tests. The
 * flags keep Chromium from its own background connections (the test machine's network refuses them) and give each
 * run a fresh profile. Without a Chromium the tests are skipped with a message — unless the environment variable
 * {@code CI} is set, then they fail ({@code .ci/run} installs chromium and chromium-driver).
 */
final class HeadlessChromium {
    static final Path BROWSER = Path.of(System.getenv().getOrDefault("LEXSYNC_CHROMIUM", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getenv().getOrDefault("LEXSYNC_CHROMEDRIVER", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of("target", "dashboard-screenshots");

    private HeadlessChromium() {
    }

    /** Skips (no CI) or fails (CI set) the calling test when no Chromium with its driver is installed. */
    static void require() {
        String message = missing();
        if (message == null) {
            return;
        }
        if (System.getenv("CI") != null) {
            fail(message + "; CI is set, so the browser tests must run");
        }
        Assumptions.abort(message + "; browser tests skipped (they fail instead when CI is set)");
    }

    /** Why the browser tests cannot run here, or null when Chromium and its driver are installed. */
    static String missing() {
        if (Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER)) {
            return null;
        }
        return "no headless Chromium: need " + BROWSER + " and " + DRIVER + " (apt-get install chromium chromium-driver)";
    }

    /** A new browser with a fresh profile in {@code profile}. */
    static ChromeDriver start(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000", "--user-data-dir=" + profile.toAbsolutePath());
        // the console (CSP violations among it) for the tests, through chromedriver's log endpoint
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return driver;
    }

    /** The browser console's messages since the last call (CSP violations are reported there). */
    static java.util.List<String> console(ChromeDriver driver) {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(e -> e.getLevel() + " "
                + e.getMessage()).toList();
    }

    /** Writes the page as the browser shows it to {@code target/dashboard-screenshots/NAME.png}. */
    static Path screenshot(ChromeDriver driver, String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Path file = SCREENSHOTS.resolve(name + ".png");
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

}
