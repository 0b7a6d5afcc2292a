package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.server.DocumentVersions;

/** {@code /api/documents} (docs/api.md, "Documents") over a store holding one document in three versions. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DocumentRoutesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path dir;
    private DocumentVersions store;

    @BeforeAll
    void start() {
        store = DocumentVersions.start(dir);
    }

    @AfterAll
    void stop() {
        store.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(store.server().uri().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode json(String path, int status) throws Exception {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private String documentPath() {
        return "/api/documents/" + DocumentVersions.SOURCE + "/" + enc(store.uri());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void findsADocumentByItsExactUriAndByTextInItsTitle() throws Exception {
        JsonNode exact = json("/api/documents?uri=" + enc(store.uri()), 200).get("documents");
        assertThat(exact).hasSize(1);
        assertThat(exact.get(0).get("source").asText()).isEqualTo(DocumentVersions.SOURCE);
        assertThat(json("/api/documents?uri=" + enc(store.uri() + "x"), 200).get("documents")).isEmpty();
        JsonNode text = json("/api/documents?q=KEEPING%20of", 200).get("documents");
        assertThat(text).hasSize(1);
        assertThat(text.get(0).get("title").asText()).isEqualTo(DocumentVersions.TITLE);
        assertThat(json("/api/documents?q=100%25", 200).get("documents")).isEmpty();
    }

    @Test
    void aSearchWithoutUriOrTextIsRefusedNamingBoth() throws Exception {
        assertThat(json("/api/documents?q=%20", 400).get("error").asText()).contains("uri").contains("q");
    }

    @Test
    void aDocumentListsItsStateAndEveryVersionWithItsRunAndDownload() throws Exception {
        JsonNode d = json(documentPath(), 200);
        assertThat(d.get("title").asText()).isEqualTo(DocumentVersions.TITLE);
        assertThat(d.get("status").asText()).isEqualTo("active");
        assertThat(d.get("files").get(0).get("type").asText()).startsWith("text/plain");
        JsonNode versions = d.get("versions");
        assertThat(versions).hasSize(3);
        assertThat(versions.get(0).get("kind").asText()).isEqualTo("created");
        assertThat(versions.get(2).get("kind").asText()).isEqualTo("updated");
        assertThat(versions.get(2).get("sourceTime").asText()).startsWith("2026-01-03");
        assertThat(versions.get(0).get("run").asLong()).isNotEqualTo(versions.get(2).get("run").asLong());
        JsonNode first = versions.get(0).get("files").get(0);
        assertThat(first.get("url").asText()).endsWith("/d/act.txt");
        assertThat(first.get("length").asLong()).isEqualTo(DocumentVersions.TEXTS[0].getBytes(StandardCharsets.UTF_8).length);
        HttpResponse<String> download = get(first.get("download").asText());
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.body()).isEqualTo(DocumentVersions.TEXTS[0]);
        assertThat(download.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(v ->
                assertThat(v).contains("sandbox"));
    }

    @Test
    void anUnknownDocumentIs404NamingIt() throws Exception {
        assertThat(json("/api/documents/" + DocumentVersions.SOURCE + "/" + enc("http://nowhere.example/x"), 404)
                .get("error").asText()).contains("http://nowhere.example/x");
    }

    @Test
    void twoVersionsDiffLineByLine() throws Exception {
        JsonNode versions = json(documentPath(), 200).get("versions");
        long from = versions.get(0).get("seq").asLong();
        long to = versions.get(2).get("seq").asLong();
        JsonNode lines = json(documentPath() + "/diff?from=" + from + "&to=" + to, 200).get("lines");
        StringBuilder ops = new StringBuilder();
        lines.forEach(l -> ops.append(l.get("op").asText().charAt(0)));
        assertThat(ops.toString()).isEqualTo("srasas");   // the texts end with a newline: an empty last line
        assertThat(lines.get(2).get("text").asText()).isEqualTo("line two: hives are registered yearly");
        assertThat(lines.get(4).get("text").asText()).isEqualTo("line four: repeal");
    }

    @Test
    void aDiffOfAnUnknownVersionNamesTheParameter() throws Exception {
        assertThat(json(documentPath() + "/diff?from=1&to=999999", 404).get("error").asText()).contains("to");
        assertThat(json(documentPath() + "/diff?from=x&to=1", 400).get("error").asText()).contains("from");
    }
}
