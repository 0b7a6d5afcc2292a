package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.documentgroup.GroupFixture;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.ingest.IngestRoutes;
import org.lexsync.server.ingest.Multipart;
import org.lexsync.server.publish.PublishRoutes;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 28, part 1, in a real headless Chromium: an operator types the admin token into the dashboard, then opens
 * a harvested HTML resource and an ingested one whose script reads {@code sessionStorage['lexsync-token']} into the
 * page title; served sandboxed, neither runs, so the title stays the page's own. The dashboard itself works under
 * its strict CSP (no violation in the browser console while clicking through it), also with reads closed, where the
 * sign-in page takes the token.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(RequiresChromium.class)
class HarvestedContentBrowserTest {
    private static final String TOKEN = "operator-admin-token";
    private static final String INGEST = "crawler-ingest-token";
    private static final String STEAL = "<script>document.title=sessionStorage.getItem('lexsync-token')</script>";
    private static final String PAGE = "<!DOCTYPE html><html><head><title>%s</title></head><body><p>a decision</p>"
            + STEAL + "</body></html>";

    @TempDir
    static Path dir;
    private FixturePublisher pub;
    private LexSync lexsync;
    private LexSyncServer open;
    private LexSyncServer closed;
    private ChromeDriver browser;

    @BeforeAll
    void start() throws Exception {
        HeadlessChromium.require();
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/x/", (request, p) -> switch (request.path()) {
            case "/x/feed.atom" -> FixtureResponse.ok("application/atom+xml", feed(p.uri("/x/").toString()));
            case "/x/decision.html" -> FixtureResponse.ok("text/html; charset=utf-8", String.format(PAGE, "harvested"));
            default -> null;
        });
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).tries(1).build();
        Source harvested = Source.builder("harvested", AtomOptions.DEFAULT).url(pub.uri("/x/feed.atom")).build();
        lexsync.register(harvested);
        lexsync.harvest("harvested");
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0).withTokens(List.of(
                AccessToken.ofSecret("operator", TOKEN, Set.of(AccessToken.Role.ADMIN)),
                AccessToken.ofSecret(GroupFixture.CRAWLER, INGEST, Set.of(AccessToken.Role.INGEST))));
        open = server(settings, List.of(harvested));
        closed = server(settings.withOpenReads(false), List.of(harvested));
        upload();
    }

    private LexSyncServer server(ServerSettings settings, List<Source> sources) {
        return LexSyncServer.builder(lexsync).configuration(new Configuration(dir.resolve("lexsync.yaml"), sources,
                settings)).settings(settings).feature(IngestRoutes::new).feature(PublishRoutes::new)
                .feature(DashboardFeature::new).build().start();
    }

    private static String feed(String base) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">"
                + "<id>tag:publisher.example,2026:x</id><title>x</title><updated>2026-01-01T00:00:00Z</updated>"
                + "<author><name>x</name></author><entry><id>" + base + "decision</id><title>decision</title>"
                + "<updated>2026-01-01T00:00:00Z</updated><content type=\"text/html\" src=\"" + base
                + "decision.html\"/></entry></feed>";
    }

    /** A crawler uploads a group with one HTML document carrying the same script, as IngestRoutesTest does. */
    private void upload() throws Exception {
        GroupFixture g = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).doc(new GroupFixture.Doc(
                "ingested.html", "6c8f4b21-2222-4333-9444-a55566667778", "Add", "http://court.example/ingested",
                String.format(PAGE, "ingested").getBytes(StandardCharsets.UTF_8), "text/html"));
        Path parts = Files.createDirectories(dir.resolve("upload"));
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(open.uri()
                        .resolve("/api/document-groups")).header("Authorization", "Bearer " + INGEST)
                .header("Content-Type", Multipart.contentType())
                .POST(Multipart.publisher(g.writeMetaInfo(parts), g.writeZip(parts))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }

    @AfterAll
    void stop() {
        for (AutoCloseable c : new AutoCloseable[] {closed, open, lexsync, pub}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
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

    /** Our path of the first stored resource of {@code source} whose file is HTML. */
    private String resourcePath(String source) {
        List<String> uris = new ArrayList<>();
        lexsync.store().journal(0, source, 0, (JournalEntry e) -> uris.add(e.resourceUri()));
        assertThat(uris).as("resources of " + source).isNotEmpty();
        String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(uris.get(0).getBytes(StandardCharsets.UTF_8));
        StringBuilder path = new StringBuilder("/resource/" + source);
        for (int i = 0; i < b64.length(); i += 128) {
            path.append('/').append(b64, i, Math.min(b64.length(), i + 128));
        }
        return path.toString();
    }

    private void typeTheToken() {
        browser.get(open.uri().resolve("/").toString());
        browser.findElement(By.id("token")).sendKeys(TOKEN);
        assertThat(browser.executeScript("return sessionStorage.getItem('lexsync-token')")).isEqualTo(TOKEN);
    }

    @Test
    void aHarvestedPageCannotReadTheTokenTheOperatorTyped() throws Exception {
        typeTheToken();
        browser.get(open.uri().resolve(resourcePath("harvested")).toString());
        HeadlessChromium.screenshot(browser, "harvested-resource");
        assertThat(browser.getPageSource()).contains("a decision");
        assertThat(browser.getTitle()).isNotEqualTo(TOKEN).isEqualTo("harvested");
    }

    @Test
    void anIngestedPageCannotReadTheTokenTheOperatorTyped() throws Exception {
        typeTheToken();
        browser.get(open.uri().resolve(resourcePath(GroupFixture.CRAWLER)).toString());
        assertThat(browser.getPageSource()).contains("a decision");
        assertThat(browser.getTitle()).isNotEqualTo(TOKEN).isEqualTo("ingested");
    }

    @Test
    void theDashboardRunsUnderItsPolicyWithoutViolations() throws Exception {
        browser.get(open.uri().resolve("/").toString());
        for (String[] nav : Layout.NAV) {
            browser.findElement(By.linkText(nav[1])).click();
            new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.getTitle().startsWith(nav[1]));
        }
        browser.findElement(By.id("token")).sendKeys(TOKEN);
        browser.findElement(By.id("auto")).click();
        assertThat(browser.executeScript("return sessionStorage.getItem('lexsync-auto')")).isEqualTo("off");
        assertThat(HeadlessChromium.console(browser)).noneMatch(m -> m.contains("Content Security Policy"));
    }

    @Test
    void withReadsClosedTheSignInPageTakesTheTokenAndShowsEachPage() throws Exception {
        browser.get(closed.uri().resolve("/").toString());
        assertThat(browser.getTitle()).startsWith("Sign in");
        browser.findElement(By.id("login-token")).sendKeys(TOKEN);
        browser.findElement(By.cssSelector("#login button[type=submit]")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.getTitle().equals("Sources · LexSync"));
        assertThat(browser.findElement(By.id("sources")).getText()).contains("harvested");
        HeadlessChromium.screenshot(browser, "closed-reads-sources");
        browser.findElement(By.linkText("Hosts")).click();   // a new page: signed in from the tab's storage
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.getTitle().equals("Hosts · LexSync"));
        assertThat(browser.findElement(By.id("token")).getAttribute("value")).isEqualTo(TOKEN);
        assertThat(browser.manage().getCookies()).isEmpty();
        assertThat(browser.getCurrentUrl()).doesNotContain(TOKEN);
        assertThat(HeadlessChromium.console(browser)).noneMatch(m -> m.contains("Content Security Policy"));
    }

    @Test
    void withReadsClosedAWrongTokenIsRefusedOnTheSignInPage() {
        browser.get(closed.uri().resolve("/").toString());
        browser.findElement(By.id("login-token")).sendKeys("not-a-token");
        browser.findElement(By.cssSelector("#login button[type=submit]")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.findElement(By.id("login-status")).getText()
                .contains("refused"));
        assertThat(browser.getTitle()).startsWith("Sign in");
    }
}
