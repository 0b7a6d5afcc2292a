package org.lexsync.server;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every error the server answers is JSON with a message ({@code {"status": 404, "error": "…"}}); an unexpected
 * exception is logged with its stack trace and answered with a short message only, never the trace.
 */
final class ErrorResponses {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);

    private ErrorResponses() {
    }

    static void install(RoutesConfig routes) {
        routes.exception(ApiError.class, (e, ctx) -> answer(ctx, e.status(), e.getMessage()));
        routes.exception(Exception.class, (e, ctx) -> {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            answer(ctx, 500, "internal error: " + e.getClass().getSimpleName() + " (logged by the server)");
        });
        routes.error(404, ctx -> {
            String type = ctx.res().getContentType();
            // a JSON error or a page's own HTML "not found" (the dashboard) stands; anything else gets the JSON one
            if (type == null || !(type.startsWith("application/json") || type.startsWith("text/html"))) {
                answer(ctx, 404, "no such path: " + ctx.path());
            }
        });
        routes.error(405, ctx -> {
            String type = ctx.res().getContentType();
            if (type == null || !type.startsWith("application/json")) {
                answer(ctx, 405, ctx.method() + " is not allowed on " + ctx.path());
            }
        });
    }

    static void answer(Context ctx, int status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", message);
        ctx.status(status).json(body);
    }
}
