package org.lexsync.engine.fetch;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Uploads document groups to a LexSync ingestion service ({@code POST /api/document-groups}, issue 18): the MetaInfo
 * and the ZIP as the multipart parts {@code metaInfo} and {@code data} (RFC 7578), or one ZIP holding
 * {@code metainfo.xml}, streamed from their files, with a bearer token, asking for the §3.2 text answers ({@code Ok} /
 * {@code Error: …}). Lives here because this package is the engine's one door to HTTP. Thread-safe.
 */
public final class GroupPoster implements AutoCloseable {
    /** The path of the ingestion endpoint below the server's base URI. */
    public static final String PATH = "api/document-groups";

    /** The server's status and text answer. */
    public record Answer(int status, String text) {
        /** True when the server stored the group or already had it ({@code Ok}). */
        public boolean ok() {
            return status == 200;
        }
    }

    private final HttpClient http;
    private final URI endpoint;
    private final String token;
    private final Duration timeout;

    private GroupPoster(URI server, String token, Duration timeout) {
        String base = server.toString().endsWith("/") ? server.toString() : server + "/";
        this.endpoint = URI.create(base).resolve(PATH);
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("the ingestion server must be an http(s) URL, was " + server);
        }
        this.token = Objects.requireNonNull(token, "token");
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** A poster to the server at {@code server} (its base URI), with {@code token}. */
    public static GroupPoster create(URI server, String token, Duration timeout) {
        return new GroupPoster(server, token, timeout);
    }

    /** The endpoint posted to. */
    public URI endpoint() {
        return endpoint;
    }

    /**
     * Posts a MetaInfo and its ZIP (null for a Del) as multipart/form-data.
     *
     * @throws IOException when the server cannot be reached or the exchange breaks off
     */
    public Answer post(Path metaInfo, @Nullable Path zip) throws IOException {
        String boundary = "lexsync-" + UUID.randomUUID();
        HttpRequest.BodyPublisher body = zip == null
                ? HttpRequest.BodyPublishers.concat(head(boundary, "metaInfo", "metainfo.xml", "application/xml"),
                HttpRequest.BodyPublishers.ofFile(metaInfo), tail(boundary))
                : HttpRequest.BodyPublishers.concat(head(boundary, "metaInfo", "metainfo.xml", "application/xml"),
                HttpRequest.BodyPublishers.ofFile(metaInfo),
                next(boundary, "data", "group.zip", "application/zip"), HttpRequest.BodyPublishers.ofFile(zip),
                tail(boundary));
        return send(HttpRequest.newBuilder(endpoint).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(body));
    }

    /** Posts one ZIP holding {@code metainfo.xml} beside the group's files. */
    public Answer postPackage(Path zip) throws IOException {
        return send(HttpRequest.newBuilder(endpoint).header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofFile(zip)));
    }

    private Answer send(HttpRequest.Builder b) throws IOException {
        HttpRequest request = b.header("Authorization", "Bearer " + token).header("Accept", "text/plain")
                .timeout(timeout).build();
        try {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer(r.statusCode(), r.body().strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while uploading to " + endpoint);
        }
    }

    private static HttpRequest.BodyPublisher head(String boundary, String name, String file, String type) {
        return HttpRequest.BodyPublishers.ofString("--" + boundary + "\r\n" + disposition(name, file, type),
                StandardCharsets.UTF_8);
    }

    private static HttpRequest.BodyPublisher next(String boundary, String name, String file, String type) {
        return HttpRequest.BodyPublishers.ofString("\r\n--" + boundary + "\r\n" + disposition(name, file, type),
                StandardCharsets.UTF_8);
    }

    private static String disposition(String name, String file, String type) {
        return "Content-Disposition: form-data; name=\"" + name + "\"; filename=\"" + file + "\"\r\nContent-Type: "
                + type + "\r\n\r\n";
    }

    private static HttpRequest.BodyPublisher tail(String boundary) {
        return HttpRequest.BodyPublishers.ofString("\r\n--" + boundary + "--\r\n", StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        http.close();
    }
}
