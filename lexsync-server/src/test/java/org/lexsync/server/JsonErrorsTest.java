package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every error the server answers is JSON {@code {"status", "error"}} (docs/api.md, "Errors"), also those Jetty
 * answers before any route sees the request, a body over the size cap and a method a path does not take.
 */
class JsonErrorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;
    TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "sources: []\n" + TestServer.SERVER_SECTION);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Sends {@code request} as it is on a socket and returns the whole answer (head and body). */
    private String raw(String request) throws IOException {
        try (Socket s = new Socket(server.uri("/").getHost(), server.uri("/").getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JsonNode bodyOf(String answer) throws IOException {
        return JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
    }

    @Test
    void aBadUriIsAJson400() throws Exception {
        String answer = raw("GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("content-type: application/json");
        assertThat(bodyOf(answer).get("status").asInt()).isEqualTo(400);
    }

    @Test
    void aBadHeaderIsAJson400() throws Exception {
        String answer = raw("GET /api/sources HTTP/1.1\r\nHost: x\r\nno colon here\r\nConnection: close\r\n\r\n");
        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("content-type: application/json");
        assertThat(bodyOf(answer).get("status").asInt()).isEqualTo(400);
    }

    @Test
    void aBodyOverTheRequestCapIsAJson413() throws Exception {
        String big = "{\"url\": \"" + "x".repeat(2_000_000) + "\"}";
        HttpResponse<String> r = server.post("/api/check", TestServer.ADMIN, "application/json", big);
        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/json"));
        assertThat(JSON.readTree(r.body()).get("status").asInt()).isEqualTo(413);
    }

    @Test
    void aPostOnlyPathAskedWithGetIsAJson405WithAllow() throws Exception {
        HttpResponse<String> r = server.get("/api/reload");
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValue("POST");
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("GET").contains("/api/reload");
    }

    @Test
    void aGetOnlyPathAskedWithPostIsA405WithAllow() throws Exception {
        HttpResponse<String> r = server.post("/api/sources", TestServer.ADMIN, null, null);
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValueSatisfying(a -> assertThat(a).contains("GET"));
        assertThat(JSON.readTree(r.body()).get("status").asInt()).isEqualTo(405);
    }

    @Test
    void anEmptyAfterCursorIsA400NamingTheParameter() throws Exception {
        HttpResponse<String> r = server.get("/api/resources?after=");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("after");
    }

    @Test
    void aCursorThatDecodesToNoSourceAndUriIsA400() throws Exception {
        String junk = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                new byte[] {'s', '\n', (byte) 0xff, (byte) 0xfe});
        HttpResponse<String> r = server.get("/api/resources?after=" + junk);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("after");
    }

    @Test
    void anUnknownPathIsStillA404() throws Exception {
        HttpResponse<String> r = server.get("/api/nothing-here");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(r.body()).get("status").asInt()).isEqualTo(404);
    }
}
