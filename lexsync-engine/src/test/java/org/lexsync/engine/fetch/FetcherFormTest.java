package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/** Form POSTs and the per-run cookie jar (what portal crawlers need from the fetcher; docs/architecture.md "Crawlers"). */
class FetcherFormTest {
    @TempDir
    Path dir;

    @Test
    void aFormIsPostedUrlEncodedInItsCharset() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start();
             Fetcher fetcher = TestFetchers.fast(dir).build()) {
            byte[][] seen = new byte[1][];
            String[] type = new String[1];
            pub.route("/echo", (req, p) -> {
                seen[0] = req.body();
                type[0] = req.header("content-type");
                return FixtureResponse.ok("text/plain", "ok");
            });
            FormBody form = new FormBody(List.of(Map.entry("__VIEWSTATE", "a+b/c="), Map.entry("q", "закон")),
                    Charset.forName("windows-1251"));
            FetchResult r = fetcher.fetch(FetchRequest.of(pub.uri("/echo")).withForm(form));
            assertThat(r).isInstanceOf(FetchResult.Fetched.class);
            assertThat(new String(seen[0], StandardCharsets.US_ASCII)).isEqualTo("__VIEWSTATE=a%2Bb%2Fc%3D&q=%E7%E0%EA%EE%ED");
            assertThat(type[0]).isEqualTo("application/x-www-form-urlencoded; charset=windows-1251");
            assertThat(pub.requests("/echo").get(0).method()).isEqualTo("POST");
        }
    }

    @Test
    void theJarSendsBackTheCookieTheServerSet() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start();
             Fetcher fetcher = TestFetchers.fast(dir).build()) {
            pub.route("/login", (req, p) -> FixtureResponse.ok("text/plain", "hello")
                    .withHeader("Set-Cookie", "SID=42; Path=/"));
            pub.route("/private", (req, p) -> "SID=42".equals(req.header("cookie"))
                    ? FixtureResponse.ok("text/plain", "secret") : FixtureResponse.status(403));
            CookieJar jar = new CookieJar();
            FetchResult.Fetched login = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(pub.uri("/login")).withCookies(jar));
            Files.deleteIfExists(login.body());
            assertThat(jar.size()).isEqualTo(1);
            assertThat(fetcher.fetch(FetchRequest.of(pub.uri("/private")))).isInstanceOf(FetchResult.Failed.class);
            FetchResult ok = fetcher.fetch(FetchRequest.of(pub.uri("/private")).withCookies(jar));
            assertThat(ok).isInstanceOf(FetchResult.Fetched.class);
        }
    }
}
