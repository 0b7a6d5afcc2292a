package org.lexsync.server.ping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.Source;
import org.lexsync.server.ApiError;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;

/**
 * {@code POST /collector} (rinfo §9): a source pings with the URL of its subscription feed, as the form field
 * {@code feed} or as JSON {@code {"feed": URL}}. When the URL, normalised ({@link FeedUrl}), is an entry URL of an
 * approved source, that source's run is started at once ({@code 202}); a source already queued or running is not
 * queued again (coalesced; at most one more run after the current one). {@code 403} for a URL of no approved source,
 * {@code 400} for a missing or non-http(s) URL, {@code 429} with {@code Retry-After} for a client pinging faster than
 * its {@link RateLimit}. A ping never adds a source (docs/architecture.md, "The server").
 */
public final class PingRoutes implements ServerFeature {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ServerContext context;
    private final RateLimit.Buckets buckets;

    public PingRoutes(ServerContext context) {
        this(context, RateLimit.DEFAULT);
    }

    public PingRoutes(ServerContext context, RateLimit limit) {
        this.context = context;
        this.buckets = new RateLimit.Buckets(limit);
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.post("/collector", this::ping);
    }

    private void ping(Context ctx) {
        Duration wait = buckets.take(ctx.ip(), context.clock().instant());
        if (!wait.isZero()) {
            long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
            ctx.header("Retry-After", Long.toString(seconds));
            throw new ApiError(429, String.format(Locale.ROOT, "too many pings from %s: try again in %d s", ctx.ip(),
                    seconds));
        }
        String given = feed(ctx);
        if (given == null || given.isBlank()) {
            throw ApiError.badRequest("missing feed: POST the subscription feed's URL as form field feed=URL or as"
                    + " JSON {\"feed\": URL}");
        }
        FeedUrl url = FeedUrl.of(given).orElseThrow(() -> ApiError.badRequest(
                "feed is not an absolute http(s) URL: " + given));
        Source source = approvedSourceOf(url).orElseThrow(() -> new ApiError(403,
                "no approved source has the entry URL " + given));
        boolean started = context.sourceControl().runNow(source.id());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("source", source.id());
        body.put("feed", given);
        body.put("run", started ? "started" : "coalesced");
        ctx.status(202).json(body);
    }

    private Optional<Source> approvedSourceOf(FeedUrl url) {
        for (Source s : context.configuration().approved()) {
            for (URI u : s.urls()) {
                if (FeedUrl.of(u.toString()).filter(url::equals).isPresent()) {
                    return Optional.of(s);
                }
            }
        }
        return Optional.empty();
    }

    private static @Nullable String feed(Context ctx) {
        String type = ctx.contentType();
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            try {
                JsonNode n = JSON.readTree(ctx.body());
                JsonNode f = n == null ? null : n.get("feed");
                if (f == null || !f.isTextual()) {
                    throw ApiError.badRequest("the JSON body must be an object with a string feed: {\"feed\": URL}");
                }
                return f.asText();
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw ApiError.badRequest("the body is not JSON: " + e.getOriginalMessage());
            }
        }
        return ctx.formParam("feed");
    }
}
