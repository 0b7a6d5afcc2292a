package org.lexsync.server.dashboard;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The dashboard's script and style sheet, served from {@code /static/} so that the pages run under a CSP without
 * inline script or style (issue 28). Each is read once from the class path; its URL carries a version (the first
 * hex digits of its SHA-256), so it is cacheable for ever ({@code immutable}), with the full hash as its ETag.
 */
final class StaticAssets {
    static final StaticAssets SCRIPT = new StaticAssets("dashboard.js", "text/javascript; charset=utf-8");
    static final StaticAssets STYLE = new StaticAssets("dashboard.css", "text/css; charset=utf-8");

    private final String name;
    private final String contentType;
    private final byte[] bytes;
    private final String etag;

    private StaticAssets(String name, String contentType) {
        this.name = name;
        this.contentType = contentType;
        try (InputStream in = Objects.requireNonNull(StaticAssets.class.getResourceAsStream(name), name)) {
            this.bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dashboard's " + name, e);
        }
        try {
            this.etag = "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The path it is served at, without its version. */
    String path() {
        return "/static/" + name;
    }

    /** The URL the pages name: the path with the version, so a changed file is a new URL. */
    String url() {
        return path() + "?v=" + etag.substring(1, 13);
    }

    /** Answers {@code ctx}: 304 when it holds this version already, else the bytes. */
    void serve(Context ctx) {
        ctx.header("ETag", etag);
        ctx.header("Cache-Control", "public, max-age=31536000, immutable");
        String ifNoneMatch = ctx.header("If-None-Match");
        if (ifNoneMatch != null && (ifNoneMatch.contains(etag) || ifNoneMatch.strip().equals("*"))) {
            ctx.status(304);
            return;
        }
        ctx.contentType(contentType).result(bytes);
    }
}
