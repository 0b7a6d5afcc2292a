package org.lexsync.server.ingest;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestLogEntry;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.IngestSettings;
import org.lexsync.server.ApiError;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ingestion service in {@code lexsync serve} (EUCases D2.1 §3.2, issue 18; docs/architecture.md, "Ingestion"):
 * {@code POST /api/document-groups} takes a document group from a crawler holding an {@code ingest} token (the
 * token's name is the crawler it may write as), streams it to disk within {@code server.ingest-max-bytes}, and
 * hands it to the engine; {@code GET /api/ingest-log} reads the crawler log. An upload cut short stores nothing.
 */
public final class IngestRoutes implements ServerFeature {
    private static final Logger LOG = LoggerFactory.getLogger(IngestRoutes.class);
    /** Log rows per page at most. */
    private static final int MAX_LOG_PAGE = 1000;

    private final ServerContext context;
    private final IngestSettings settings;
    private final Path spool;

    public IngestRoutes(ServerContext context) {
        this.context = context;
        this.settings = context.settings().ingest();
        try {
            this.spool = Files.createTempDirectory("lexsync-ingest-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the upload spool directory", e);
        }
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.post("/api/document-groups", this::upload);
        routes.get("/api/ingest-log", this::log);
        new SoapEndpoint(context.lexsync(), settings, spool).routes(routes);
    }

    @Override
    public void close() {
        org.lexsync.core.io.TempFiles.deleteTreeQuietly(spool);
    }

    private void upload(Context ctx) {
        AccessToken token;
        try {
            token = context.access().require(ctx, AccessToken.Role.INGEST);
        } catch (ApiError e) {
            if (!IngestAnswers.wantsText(ctx)) {
                throw e;
            }
            IngestAnswers.error(ctx, e.status(), e.status() == 401 ? "Unauthorized" : "Forbidden", e.getMessage(), 0, 0);
            return;
        }
        LexSync lexsync = context.lexsync();
        long declared = ctx.req().getContentLengthLong();
        if (declared > settings.maxUploadBytes()) {
            tooLarge(ctx, token.name(), declared, settings.maxUploadBytes());
            return;
        }
        Path dir = null;
        CappedInputStream body = null;
        try {
            dir = Files.createTempDirectory(spool, "upload-");
            body = new CappedInputStream(ctx.req().getInputStream(), settings.maxUploadBytes());
            GroupUpload upload = UploadSpool.spool(body, ctx.header("Content-Type"), dir, token.name(), ctx.ip());
            IngestResult result = lexsync.ingestion().ingest(upload);
            IngestAnswers.result(ctx, result);
        } catch (CappedInputStream.TooLargeException e) {
            tooLarge(ctx, token.name(), body.count(), e.cap());
        } catch (UploadSpool.BadUploadException e) {
            IngestAnswers.error(ctx, e.getMessage().startsWith("send multipart") ? 415 : 400,
                    IngestAnswers.BAD_REQUEST, e.getMessage(), 0, 0);
        } catch (IOException e) {
            // the client went away or sent a broken body: nothing was handed to the engine, nothing is stored
            LOG.info("upload from {} as {} ended early: {}", ctx.ip(), token.name(), e.getMessage());
            IngestAnswers.error(ctx, 400, IngestAnswers.BAD_REQUEST, "the upload ended early: " + e.getMessage(), 0, 0);
        } finally {
            if (dir != null) {
                TempFiles.deleteTreeQuietly(dir);
            }
        }
    }

    private void tooLarge(Context ctx, String crawler, long length, long cap) {
        IngestError error = IngestError.of(IngestError.Kind.TOO_LARGE, String.format(Locale.ROOT,
                "the upload is larger than the server accepts (%d bytes, server.ingest-max-bytes)", cap));
        context.lexsync().ingestion().logIngestRefusal(ctx.ip(), crawler, length, error);
        ctx.header("Connection", "close");
        IngestAnswers.error(ctx, 413, error.kind().className(), error.message(), 0, 0);
    }

    private void log(Context ctx) {
        context.access().requireRead(ctx);
        String crawler = ctx.queryParam("crawler");
        Long before = number(ctx, "before");
        Long limit = number(ctx, "limit");
        int n = limit == null ? 100 : (int) Math.max(1, Math.min(MAX_LOG_PAGE, limit));
        List<IngestLogEntry> entries = context.lexsync().ingestion().ingestLog(crawler, before, n);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("entries", entries);
        body.put("next", entries.size() == n ? entries.get(entries.size() - 1).id() : null);
        ctx.json(body);
    }

    private static @Nullable Long number(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("query parameter " + name + " must be a whole number, was '" + v + "'");
        }
    }
}
