package org.lexsync.server.ingest;

import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestResult;

/**
 * How the ingestion endpoint answers (issue 18): JSON — {@code {status, group, operation, crawler, created, updated,
 * deleted, unchanged}} for a stored or unchanged group, {@code {class, message, line, column}} with a 4xx status for a
 * refusal — or, when the client asks for {@code text/plain}, the §3.2 service's literal {@code Ok} or
 * {@code Error: …}.
 */
final class IngestAnswers {
    /** The error class of a request that is no upload at all (wrong content type, no MetaInfo part). */
    static final String BAD_REQUEST = "BadRequest";

    private IngestAnswers() {
    }

    /** True when the client asked for {@code text/plain} (the §3.2 string answers). */
    static boolean wantsText(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(java.util.Locale.ROOT).contains("text/plain");
    }

    /** The HTTP status of a refusal. */
    static int status(IngestError.Kind kind) {
        return switch (kind) {
            case WRONG_CRAWLER -> 403;
            case GROUP_EXISTS, UNKNOWN_GROUP -> 409;
            case TOO_LARGE -> 413;
            default -> 400;
        };
    }

    static void result(Context ctx, IngestResult r) {
        if (r.error() != null) {
            error(ctx, status(r.error().kind()), r.error().kind().className(), r.error().message(), r.error().line(),
                    r.error().column());
            return;
        }
        if (wantsText(ctx)) {
            text(ctx, 200, "Ok");
            return;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", r.outcome().token());
        body.put("group", r.groupId());
        body.put("operation", r.operation());
        body.put("crawler", r.crawler());
        body.put("created", r.counts().created());
        body.put("updated", r.counts().updated());
        body.put("deleted", r.counts().deleted());
        body.put("unchanged", r.counts().unchanged());
        ctx.status(200).json(body);
    }

    static void error(Context ctx, int status, String errorClass, String message, int line, int column) {
        if (wantsText(ctx)) {
            IngestError.Kind kind = kindOf(errorClass);
            text(ctx, status, kind != null ? new IngestError(kind, message, line, column).answer()
                    : "Error: " + errorClass + ": " + message);
            return;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("class", errorClass);
        body.put("message", message);
        body.put("line", line);
        body.put("column", column);
        ctx.status(status).json(body);
    }

    private static void text(Context ctx, int status, String text) {
        ctx.status(status).contentType("text/plain; charset=utf-8").result(text.getBytes(StandardCharsets.UTF_8));
    }

    private static IngestError.@Nullable Kind kindOf(String className) {
        for (IngestError.Kind k : IngestError.Kind.values()) {
            if (k.className().equals(className)) {
                return k;
            }
        }
        return null;
    }
}
