package org.lexsync.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every error the server answers is JSON with a message ({@code {"status": 404, "error": "…"}}); an unexpected
 * exception is logged with its stack trace and answered with a short message only, never the trace. Public for the
 * handlers that answer before Javalin's router (the published aggregate), so that their errors read the same.
 */
public final class ErrorResponses {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private ErrorResponses() {
    }

    static void install(RoutesConfig routes) {
        routes.exception(ApiError.class, (e, ctx) -> answer(ctx, e.status(), e.getMessage()));
        routes.exception(HttpResponseException.class, ErrorResponses::javalins);
        routes.exception(Exception.class,
                (e, ctx) -> answer(ctx, 500, unexpected(ctx.method().name(), ctx.path(), e)));
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

    /**
     * Javalin's own refusals (a body over the request size cap, a method the path does not take) in our JSON; a 405
     * names the methods the path takes in {@code Allow}.
     */
    private static void javalins(HttpResponseException e, Context ctx) {
        int status = e.getStatus();
        if (status == 405) {
            String allowed = e.getDetails().getOrDefault("availableMethods", "");
            if (!allowed.isEmpty()) {
                ctx.header("Allow", allowed.toUpperCase(Locale.ROOT));
            }
            answer(ctx, 405, ctx.method() + " is not allowed on " + ctx.path()
                    + (allowed.isEmpty() ? "" : " (allowed: " + allowed.toUpperCase(Locale.ROOT) + ")"));
        } else if (status == 404) {
            answer(ctx, 404, "no such path: " + ctx.path());
        } else if (status == 413) {
            answer(ctx, 413, "the request body is larger than this endpoint accepts");
        } else if (status >= 400 && status <= 599) {
            answer(ctx, status, e.getMessage() == null ? "refused" : e.getMessage());
        } else {
            answer(ctx, 500, unexpected(ctx.method().name(), ctx.path(), e));
        }
    }

    static void answer(Context ctx, int status, String message) {
        ctx.status(status).json(body(status, message));
    }

    /** Logs an unexpected failure of {@code method path} with its stack trace; the 500's message, without it. */
    public static String unexpected(String method, String path, Exception e) {
        LOG.error("{} {} failed", method, path, e);
        return "internal error: " + e.getClass().getSimpleName() + " (logged by the server)";
    }

    /** The JSON error body, UTF-8, as {@link #install}'s handlers answer it (media type {@code application/json}). */
    public static byte[] json(int status, String message) {
        try {
            return JSON.writeValueAsBytes(body(status, message));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of a number and a string is always JSON", e);
        }
    }

    private static Map<String, Object> body(int status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", message);
        return body;
    }
}
