package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;

class SourceReaderTest {
    private static final byte[] FEED = "<feed xmlns=\"http://www.w3.org/2005/Atom\"/>".getBytes(StandardCharsets.UTF_8);
    private static final String ETAG = "\"v1\"";

    @TempDir
    Path dir;
    HarvestFixture h;
    HttpServer server;
    final List<String> authorizations = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        h = new HarvestFixture(dir);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/feed", this::feed);
        server.createContext("/gone", x -> answer(x, 404, new byte[0]));
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        h.close();
    }

    private void feed(HttpExchange x) throws IOException {
        authorizations.add(x.getRequestHeaders().getFirst("Authorization"));
        if (ETAG.equals(x.getRequestHeaders().getFirst("If-None-Match"))) {
            x.sendResponseHeaders(304, -1);
            x.close();
            return;
        }
        x.getResponseHeaders().add("ETag", ETAG);
        answer(x, 200, FEED);
    }

    private static void answer(HttpExchange x, int status, byte[] body) throws IOException {
        x.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(body);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private SourceReader reader(HarvestListener listener, Map<String, String> headers) {
        return new SourceReader(h.fetcher, listener, HarvestStore.over(h.store), headers);
    }

    @Test
    void aDocumentReadIsCountedAndTold() throws IOException {
        List<URI> told = new ArrayList<>();
        SourceReader reader = reader(new HarvestListener() {
            @Override
            public void documentRead(URI url, long bytes) {
                told.add(url);
            }
        }, Map.of());

        FetchResult.Fetched f = reader.get(uri("/feed"), "application/atom+xml");

        assertThat(Files.readAllBytes(f.body())).isEqualTo(FEED);
        assertThat(reader.documents()).isEqualTo(1);
        assertThat(reader.bytes()).isEqualTo(FEED.length);
        assertThat(told).containsExactly(uri("/feed"));
        Files.delete(f.body());
    }

    @Test
    void aDocumentThatCannotBeObtainedIsUnreadableWithItsStatus() {
        SourceReader reader = reader(null, Map.of());

        assertThatThrownBy(() -> reader.get(uri("/gone"), null)).isInstanceOfSatisfying(SourceUnreadableException.class,
                e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.url()).isEqualTo(uri("/gone"));
                });
        assertThat(reader.documents()).isZero();
    }

    @Test
    void onlyHttpAndHttpsDocumentsAreRead() {
        assertThatThrownBy(() -> reader(null, Map.of()).get(URI.create("file:///etc/passwd"), null))
                .isInstanceOf(SourceUnreadableException.class).hasMessageContaining("only http and https");
    }

    @Test
    void aRememberedDocumentIsAskedForConditionally() throws IOException {
        SourceReader reader = reader(null, Map.of());
        FetchResult.Fetched first = reader.get(uri("/feed"), null);
        reader.remember(uri("/feed").toString(), first);
        Files.delete(first.body());

        Optional<FetchResult.Fetched> again = reader.getIfChanged(uri("/feed"), null,
                reader.validators(uri("/feed").toString()));

        assertThat(again).isEmpty();
        assertThat(reader.cached(uri("/feed").toString())).get().extracting(CachedDocument::sha256)
                .isEqualTo(first.sha256Hex());
    }

    @Test
    void theReadersHeadersGoWithEveryDocument() {
        SourceReader reader = reader(null, Map.of("Authorization", "Bearer t0ken"));

        reader.get(uri("/feed"), null);
        reader.get(uri("/feed"), null);

        assertThat(authorizations).containsExactly("Bearer t0ken", "Bearer t0ken");
    }
}
