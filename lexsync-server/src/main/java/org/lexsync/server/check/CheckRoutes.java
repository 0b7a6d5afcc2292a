package org.lexsync.server.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.CheckReportFormat;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.OptionException;
import org.lexsync.server.ApiError;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;

/**
 * {@code POST /api/check} runs the conformance checker on a publication the client names and answers its report
 * (JSON by default; {@code ?format=text|json|junit|html} or an {@code Accept} of {@code text/html}); {@code GET
 * /api/check/{n}} answers a kept report again. The server fetches what the client names, so the call needs an admin
 * token, its limits are capped ({@link #MAX_ENTRIES}, {@link #MAX_SAMPLE}, {@link #MAX_ARCHIVES}) and one client runs
 * one check at a time (429 otherwise). Document groups are files, not URLs: they are checked with {@code lexsync
 * check documentgroup} or uploaded to {@code /api/document-groups}.
 */
public final class CheckRoutes implements ServerFeature {
    /** The most entries one check reads. */
    static final long MAX_ENTRIES = 200_000;
    /** The most linked resources one check fetches. */
    static final long MAX_SAMPLE = 100;
    /** The most archive documents one check follows. */
    static final int MAX_ARCHIVES = 200;
    private static final Set<String> KEYS = Set.of("protocol", "url", "feed", "profile", "maxEntries", "sample",
            "maxArchives", "delay");

    private final ServerContext context;
    private final ObjectMapper json = new ObjectMapper();
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    public CheckRoutes(ServerContext context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.post("/api/check", this::check);
        routes.get("/api/check/{n}", this::again);
    }

    private void check(Context ctx) throws IOException {
        context.access().require(ctx, AccessToken.Role.ADMIN);
        CheckRequest request = request(ctx);
        String client = ctx.ip();
        if (!running.add(client)) {
            ctx.header("Retry-After", "5");
            throw new ApiError(429, "a check from " + client + " is still running; one at a time per client");
        }
        CheckReport report;
        try {
            report = context.lexsync().check(request);
        } finally {
            running.remove(client);
        }
        long n = context.checkReports().add(report);
        ctx.header("Location", "/api/check/" + n);
        answer(ctx, report);
    }

    private void again(Context ctx) throws IOException {
        context.access().requireRead(ctx);
        long n;
        try {
            n = Long.parseLong(ctx.pathParam("n"));
        } catch (NumberFormatException e) {
            throw ApiError.notFound("no check report " + ctx.pathParam("n"));
        }
        CheckReport report = context.checkReports().get(n).orElseThrow(() -> ApiError.notFound("no check report " + n
                + " (the server keeps the last " + org.lexsync.server.CheckReports.KEPT + ")"));
        answer(ctx, report);
    }

    private void answer(Context ctx, CheckReport report) throws IOException {
        CheckReportFormat format = format(ctx);
        StringWriter out = new StringWriter();
        format.write(report, out);
        ctx.contentType(format.mediaType()).result(out.toString());
    }

    private static CheckReportFormat format(Context ctx) {
        String asked = ctx.queryParam("format");
        if (asked != null) {
            try {
                return CheckReportFormat.fromText(asked);
            } catch (OptionException e) {
                throw ApiError.badRequest("format must be text, json, junit or html, was '" + asked + "'");
            }
        }
        String accept = ctx.header("Accept");
        return accept != null && accept.contains("text/html") ? CheckReportFormat.HTML : CheckReportFormat.JSON;
    }

    /** The request from a JSON body or form fields: protocol, url, feed, profile, maxEntries, sample, maxArchives, delay. */
    private CheckRequest request(Context ctx) {
        Map<String, String> fields = fields(ctx);
        for (String key : fields.keySet()) {
            if (!KEYS.contains(key)) {
                throw ApiError.badRequest("unknown field '" + key + "' (expected: " + String.join(", ",
                        KEYS.stream().sorted().toList()) + ")");
            }
        }
        String protocolText = required(fields, "protocol").toLowerCase(Locale.ROOT);
        CheckProtocol protocol = switch (protocolText) {
            case "eli" -> CheckProtocol.ELI;
            case "resourcesync" -> CheckProtocol.RESOURCESYNC;
            case "atom" -> CheckProtocol.ATOM;
            case "documentgroup" -> throw ApiError.badRequest("a document group is checked from its files: use "
                    + "lexsync check documentgroup, or upload it to /api/document-groups");
            default -> throw ApiError.badRequest("protocol must be eli, resourcesync or atom, was '" + protocolText + "'");
        };
        try {
            CheckRequest r = CheckRequest.of(protocol, required(fields, "url"))
                    .withMaxEntries(Math.min(MAX_ENTRIES, number(fields, "maxEntries", MAX_ENTRIES)))
                    .withSample(Math.min(MAX_SAMPLE, number(fields, "sample", CheckRequest.DEFAULT_SAMPLE)))
                    .withMaxArchives((int) Math.min(MAX_ARCHIVES, number(fields, "maxArchives", MAX_ARCHIVES)))
                    .withCompanion(fields.get("feed"));
            String profile = fields.get("profile");
            if (profile != null) {
                r = r.withAtomProfile(switch (profile.toLowerCase(Locale.ROOT)) {
                    case "rfc4287" -> CheckRequest.AtomProfile.RFC4287;
                    case "rinfo" -> CheckRequest.AtomProfile.RINFO;
                    default -> throw ApiError.badRequest("profile must be rfc4287 or rinfo, was '" + profile + "'");
                });
            }
            String delay = fields.get("delay");
            if (delay != null) {
                r = r.withDelay(Duration.ofMillis(Math.round(decimal(delay, "delay") * 1000)));
            }
            return r;
        } catch (OptionException e) {
            throw ApiError.badRequest(e.getMessage());
        }
    }

    private Map<String, String> fields(Context ctx) {
        String type = ctx.contentType();
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            JsonNode body;
            try {
                body = json.readTree(ctx.body());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw ApiError.badRequest("the body is not JSON: " + e.getOriginalMessage());
            }
            if (body == null || !body.isObject()) {
                throw ApiError.badRequest("the body must be a JSON object");
            }
            Map<String, String> fields = new java.util.LinkedHashMap<>();
            body.fields().forEachRemaining(e -> {
                if (!e.getValue().isNull()) {
                    fields.put(e.getKey(), e.getValue().asText());
                }
            });
            return fields;
        }
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        ctx.formParamMap().forEach((k, v) -> {
            if (!v.isEmpty() && !v.get(0).isBlank()) {
                fields.put(k, v.get(0));
            }
        });
        return fields;
    }

    private static String required(Map<String, String> fields, String key) {
        String v = fields.get(key);
        if (v == null || v.isBlank()) {
            throw ApiError.badRequest("field '" + key + "' is missing");
        }
        return v.strip();
    }

    private static long number(Map<String, String> fields, String key, long otherwise) {
        @Nullable String v = fields.get(key);
        if (v == null) {
            return otherwise;
        }
        if (key.equals("sample") && v.strip().equalsIgnoreCase("all")) {
            return Long.MAX_VALUE;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n < 0) {
                throw ApiError.badRequest("field '" + key + "' must not be negative, was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("field '" + key + "' must be a whole number, was '" + v + "'");
        }
    }

    private static double decimal(String v, String key) {
        try {
            double d = Double.parseDouble(v.strip());
            if (!(d >= 0 && d <= 60)) {
                throw ApiError.badRequest("field '" + key + "' must be 0 to 60 seconds, was " + v);
            }
            return d;
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("field '" + key + "' must be a number of seconds, was '" + v + "'");
        }
    }
}
