package org.lexsync.server.api;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.model.SourceSchedule;
import org.lexsync.server.ApiError;
import org.lexsync.server.IngestionSources;
import org.lexsync.server.RunProgress;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.lexsync.server.SourceActivity;
import org.lexsync.server.SourceHealth;
import org.lexsync.server.SourceStatus;
import org.lexsync.server.SourceStatuses;
import org.lexsync.server.FindingsByRule;

/**
 * The REST API (docs/api.md): what the operator of a harvester reads and the three commands it gives. Reading needs a
 * token only when {@code server.open-reads} is false; run, pause and resume need an admin token. Every answer is
 * JSON; every error is {@code {"status", "error"}}.
 */
public final class ApiRoutes implements ServerFeature {
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 10_000;
    /** The {@code state} of a source crawlers fill through the ingestion endpoint: not scheduled, not harvested. */
    static final String INGESTION_STATE = "ingestion";
    private final ServerContext context;
    private final ReadinessMonitor readiness;

    public ApiRoutes(ServerContext context) {
        this.context = context;
        this.readiness = new ReadinessMonitor(context);
    }

    /** Starts checking readiness in the background, so a failing store is logged even when nobody asks. */
    @Override
    public void start() {
        readiness.start();
    }

    @Override
    public void close() {
        readiness.close();
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.get("/api/sources", ctx -> {
            context.access().requireRead(ctx);
            Map<String, SourceActivity> activity = new LinkedHashMap<>();
            context.sourceControl().activities().forEach(a -> activity.put(a.sourceId(), a));
            Map<String, SourceStatus> statuses = new LinkedHashMap<>();
            new SourceStatuses(context).all().forEach(st -> statuses.put(st.id(), st));
            List<Views.SourceView> list = new ArrayList<>();
            for (Source s : context.configuration().sources()) {
                list.add(view(s, activity.get(s.id()), statuses.get(s.id())));
            }
            for (SourceRecord r : ingestionSources()) {
                if (context.configuration().source(r.id()).isEmpty()) {
                    list.add(view(r, statuses.get(r.id())));
                }
            }
            ctx.json(Map.of("sources", list));
        });
        routes.get("/api/sources/{id}", ctx -> {
            context.access().requireRead(ctx);
            String id = ctx.pathParam("id");
            if (context.configuration().source(id).isEmpty()) {
                SourceRecord ingested = ingestionSources().stream().filter(r -> r.id().equals(id)).findFirst()
                        .orElse(null);
                if (ingested != null) {
                    ctx.json(view(ingested, new SourceStatuses(context).one(id).orElse(null)));
                    return;
                }
            }
            Source s = source(id);
            ctx.json(view(s, context.sourceControl().activity(s.id()).orElse(null),
                    new SourceStatuses(context).one(s.id()).orElse(null)));
        });
        routes.post("/api/sources/{id}/run", ctx -> {
            context.access().require(ctx, AccessToken.Role.ADMIN);
            String id = source(ctx.pathParam("id")).id();
            boolean started = context.sourceControl().runNow(id);
            ctx.status(202).json(command(id, started ? "started" : "coalesced"));
        });
        routes.post("/api/sources/{id}/pause", ctx -> {
            context.access().require(ctx, AccessToken.Role.ADMIN);
            String id = source(ctx.pathParam("id")).id();
            context.sourceControl().pause(id);
            ctx.json(command(id, "paused"));
        });
        routes.post("/api/sources/{id}/resume", ctx -> {
            context.access().require(ctx, AccessToken.Role.ADMIN);
            String id = source(ctx.pathParam("id")).id();
            context.sourceControl().resume(id);
            ctx.json(command(id, "resumed"));
        });
        routes.get("/api/runs", ctx -> {
            context.access().requireRead(ctx);
            String source = ctx.queryParam("source");
            int limit = limit(ctx);
            ctx.json(Map.of("runs", lexsync().store().runs(source, limit).stream().map(Views.RunView::of).toList()));
        });
        routes.get("/api/runs/{id}", ctx -> {
            context.access().requireRead(ctx);
            long id = number(ctx.pathParam("id"), "run id");
            RunRecord r = lexsync().store().run(id).orElseThrow(() -> ApiError.notFound("no run " + id));
            Views.ProgressView live = r.ended() != null ? null : RunProgress.of(context, r.sourceId())
                    .map(p -> Views.ProgressView.of(p, context.clock().instant())).orElse(null);
            ctx.json(Views.RunDetail.of(r, lexsync().store().findings(id), lexsync().store().failures(r.sourceId()).stream()
                    .filter(f -> f.runId() != null && f.runId() == id).toList(), live));
        });
        routes.get("/api/resources", ctx -> {
            context.access().requireRead(ctx);
            String source = ctx.queryParam("source");
            Cursor after = Cursor.parse(ctx.queryParam("after"));
            int limit = limit(ctx);
            List<Map<String, @Nullable Object>> page = new ArrayList<>();
            String[] last = new String[2];
            lexsync().store().resources(source, "true".equals(ctx.queryParam("deleted")), after == null ? null : after.source(),
                    after == null ? null : after.uri(), limit, r -> {
                        page.add(Views.resource(r));
                        last[0] = r.sourceId();
                        last[1] = r.uri();
                    });
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("resources", page);
            body.put("next", page.size() < limit ? null : new Cursor(last[0], last[1]).text());
            ctx.json(body);
        });
        routes.get("/api/changes", ctx -> {
            context.access().requireRead(ctx);
            String sinceText = ctx.queryParam("since");
            long since = sinceText == null ? 0 : number(sinceText, "since");
            int limit = limit(ctx);
            List<Map<String, @Nullable Object>> page = new ArrayList<>();
            long[] last = {since};
            lexsync().store().journal(since, ctx.queryParam("source"), limit, e -> {
                page.add(Views.change(e));
                last[0] = e.seq();
            });
            Map<String, @Nullable Object> body = new LinkedHashMap<>();
            body.put("changes", page);
            body.put("next", last[0]);
            body.put("more", page.size() == limit);
            ctx.json(body);
        });
        routes.get("/api/failures", ctx -> {
            context.access().requireRead(ctx);
            ctx.json(Map.of("failures", lexsync().store().failures(ctx.queryParam("source")).stream()
                    .map(Views.FailureView::of).toList()));
        });
        routes.get("/api/findings", ctx -> {
            context.access().requireRead(ctx);
            String source = ctx.queryParam("source");
            ctx.json(FindingsByRule.read(lexsync(), source == null || source.isBlank() ? null : source,
                    FindingsByRule.runs(ctx.queryParam("runs"))));
        });
        routes.get("/api/sparql", ctx -> {
            context.access().requireRead(ctx);
            String query = ctx.queryParam("query");
            if (query == null || query.isBlank()) {
                throw ApiError.badRequest("query parameter query is missing: a SPARQL query over the ELI named graphs");
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            try {
                lexsync().sparql(query, org.lexsync.engine.model.ResultFormat.JSON, out);
            } catch (org.lexsync.engine.model.SparqlQueryException e) {
                throw ApiError.badRequest(e.getMessage());
            }
            ctx.contentType("application/sparql-results+json; charset=utf-8").result(out.toByteArray());
        });
        DocumentRoutes.register(routes, context);
        routes.get("/readyz", ctx -> {
            Readiness r = readiness.check();
            ctx.status(r.ready() ? 200 : 503).json(r);
        });
    }

    private LexSync lexsync() {
        return context.lexsync();
    }

    private Source source(String id) {
        return context.configuration().source(id).orElseThrow(() -> ApiError.notFound(
                String.format(Locale.ROOT, "no source '%s' in %s", id, context.configuration().file())));
    }

    private static Map<String, String> command(String id, String outcome) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("source", id);
        m.put("outcome", outcome);
        return m;
    }

    /** The stored sources crawlers fill through the ingestion endpoint (never in the configuration's sources). */
    private List<SourceRecord> ingestionSources() {
        return lexsync().store().storedSources().stream().filter(r -> IngestionSources.ingested(r.protocol())).toList();
    }

    /** An ingestion source: no schedule and no harvest state ({@code "ingestion"}), its uploads' runs if any. */
    private Views.SourceView view(SourceRecord r, @Nullable SourceStatus status) {
        return view(r.id(), r.protocol(), List.of(), r.approved(), null, INGESTION_STATE, null, status);
    }

    private Views.SourceView view(Source s, @Nullable SourceActivity a, @Nullable SourceStatus status) {
        String state = a == null ? "idle" : a.state().name().toLowerCase(Locale.ROOT);
        String schedule = Optional.ofNullable(s.schedule()).orElse(SourceSchedule.DEFAULT.toString());
        return view(s.id(), s.protocol(), Views.urls(s.urls()), s.approved(), schedule, state,
                a == null ? null : a.nextRun(), status);
    }

    private Views.SourceView view(String id, String protocol, List<String> urls, boolean approved,
                                  @Nullable String schedule, String state, @Nullable Instant nextRun,
                                  @Nullable SourceStatus status) {
        LexSync lexsync = lexsync();
        List<RunRecord> runs = lexsync.store().runs(id, 50);
        RunRecord last = runs.isEmpty() ? null : runs.get(0);
        Instant lastSuccess = runs.stream().filter(r -> r.ended() != null && SourceStatuses.succeeded(r))
                .map(RunRecord::ended).findFirst().orElse(null);
        Long lag = lastSuccess == null ? null
                : Math.max(0, Duration.between(lastSuccess, context.clock().instant()).toSeconds());
        int findings = last == null ? 0 : lexsync.store().findings(last.id()).size();
        return new Views.SourceView(id, protocol, urls, approved, schedule, state, nextRun,
                last == null ? null : Views.RunView.of(last), lastSuccess, lexsync.store().checkpoint(id).orElse(null),
                lexsync.store().failures(id).size(), findings, lag,
                status == null ? SourceHealth.NEW.token() : status.health().token(),
                status == null ? null : status.reason());
    }

    private static int limit(Context ctx) {
        String text = ctx.queryParam("limit");
        if (text == null) {
            return DEFAULT_LIMIT;
        }
        long n = number(text, "limit");
        if (n < 1 || n > MAX_LIMIT) {
            throw ApiError.badRequest("limit must be 1 to " + MAX_LIMIT + ", was " + text);
        }
        return (int) n;
    }

    private static long number(String text, String what) {
        try {
            long n = Long.parseLong(text);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw ApiError.badRequest(what + " must be a whole number >= 0, was '" + text + "'");
        }
    }

    /** Where a page of resources ends: the last (source, URI), opaque to clients (base64url). */
    record Cursor(String source, String uri) {
        String text() {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString((source + "\n" + uri).getBytes(StandardCharsets.UTF_8));
        }

        static @Nullable Cursor parse(@Nullable String text) {
            if (text == null) {
                return null;
            }
            try {
                String s = StandardCharsets.UTF_8.newDecoder()
                        .decode(ByteBuffer.wrap(Base64.getUrlDecoder().decode(text))).toString();
                int nl = s.indexOf('\n');
                if (nl < 1 || nl == s.length() - 1 || !URI.create(s.substring(nl + 1)).isAbsolute()) {
                    throw new IllegalArgumentException();
                }
                return new Cursor(s.substring(0, nl), s.substring(nl + 1));
            } catch (IllegalArgumentException | CharacterCodingException e) {
                throw ApiError.badRequest("query parameter after is not a cursor this API gave (the next of a page): '"
                        + text + "'");
            }
        }
    }
}
