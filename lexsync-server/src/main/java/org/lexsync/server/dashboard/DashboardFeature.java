package org.lexsync.server.dashboard;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Operations;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunDuration;
import org.lexsync.server.ApiError;
import org.lexsync.server.DocumentHistory;
import org.lexsync.server.DocumentRdf;
import org.lexsync.server.FindingsByRule;
import org.lexsync.server.RunProgress;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.lexsync.server.SourceStatus;
import org.lexsync.server.SourceStatuses;

/**
 * The dashboard's routes (docs/architecture.md, "Dashboard and metrics"): {@code /}, {@code /sources/{id}},
 * {@code /runs/{id}}, {@code /failures}, {@code /hosts}, {@code /nodes}, {@code /store}, {@code /documents} and a document's page
 * and diff ({@link DocumentPages}), each a server-rendered HTML page read
 * from the facade and the scheduler's {@link SourceControl}, and its script and style sheet at {@code /static/}.
 * Reading follows the server's read access rule: with reads closed, a request without the token gets the sign-in
 * page ({@link Layout#login}), whose script asks for the page again with the token; the buttons go to the REST API,
 * which checks the token.
 */
public final class DashboardFeature implements ServerFeature {
    static final int SOURCE_RUNS = 50;

    private final ServerContext context;
    private final SourceStatuses statuses;

    /**
     * The dashboard over {@code context}'s facade and its scheduler, if it runs one (looked up on each request); add
     * with {@code LexSyncServer.builder(lexsync).feature(DashboardFeature::new)}.
     */
    public DashboardFeature(ServerContext context) {
        this.context = Objects.requireNonNull(context, "context");
        this.statuses = new SourceStatuses(context);
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.get(StaticAssets.SCRIPT.path(), StaticAssets.SCRIPT::serve);
        routes.get(StaticAssets.STYLE.path(), StaticAssets.STYLE::serve);
        routes.get("/", ctx -> page(ctx, this::overview));
        routes.get("/sources/{id}", ctx -> page(ctx, this::source));
        routes.get("/runs/{id}", ctx -> page(ctx, this::run));
        routes.get("/failures", ctx -> page(ctx, c -> FailuresPage.render(lexsync().store().failures(null), now())));
        routes.get("/findings", ctx -> page(ctx, this::findings));
        routes.get("/hosts", ctx -> page(ctx, c -> HostsPage.render(lexsync().operations().hosts(), now())));
        routes.get("/nodes", ctx -> page(ctx, c -> NodesPage.render(lexsync().operations().nodes(), Operations.nodeId(),
                now(), context.settings().cluster().deadAfter())));
        routes.get("/uploads", ctx -> page(ctx, c -> UploadsPage.render(lexsync().ingestion().ingestLog(null, null,
                UploadsPage.READ), now())));
        routes.get("/checks", ctx -> page(ctx, c -> ChecksPage.render(context.checkReports().recent())));
        routes.get(DocumentPages.SEARCH, ctx -> page(ctx, this::findDocuments));
        routes.get(DocumentPages.SEARCH + "/{source}/{uri}", ctx -> page(ctx, this::document));
        routes.get(DocumentPages.SEARCH + "/{source}/{uri}/diff", ctx -> page(ctx, this::diff));
        routes.get("/store", ctx -> page(ctx, c -> StorePage.render(lexsync().store().storeStatistics(), lexsync().store().lastSeq(),
                statuses.all().size())));
    }

    private void page(Context ctx, Function<Context, @Nullable String> render) {
        ctx.header("Vary", "Authorization");
        try {
            context.access().requireRead(ctx);
        } catch (ApiError e) {
            if (e.status() != 401) {
                throw e;
            }
            // a browser without the token gets the sign-in page; its script asks again with the token
            ctx.header("Cache-Control", "no-store");
            ctx.status(401).html(Layout.login());
            return;
        }
        String html = render.apply(ctx);
        ctx.header("Cache-Control", "no-store");
        if (html == null) {
            Html h = new Html().raw("<h1>Not found</h1><p>").text("Nothing at " + ctx.path()).raw("</p>");
            ctx.status(404).html(Layout.withNotice(Layout.page("Not found", "", h), banner()));
        } else {
            ctx.html(Layout.withNotice(html, banner()));
        }
    }

    /** The refused-reload banner every page carries while the file on disk is not the configuration in force. */
    private Html banner() {
        return ReloadBanner.of(context.reloadStatus(), now());
    }

    private String overview(Context ctx) {
        List<SourceStatus> all = statuses.all();
        Instant now = now();
        Instant[] first = {null};
        lexsync().store().journal(0, null, 1, e -> first[0] = e.collected());
        Map<String, List<RunDuration>> runs = new HashMap<>();
        for (RunDuration r : lexsync().store().recentRunsPerSource(SourcesPage.SPARK_RUNS)) {
            runs.computeIfAbsent(r.sourceId(), k -> new ArrayList<>()).add(r);
        }
        return SourcesPage.overview(all, lexsync().store().changesPerHour(ChangesChart.start(now)), runs, now, first[0],
                statuses.scheduler(), OverviewQuery.of(ctx::queryParam));
    }

    private String findings(Context ctx) {
        String source = ctx.queryParam("source");
        source = source == null || source.isBlank() ? null : source;
        int runs;
        try {
            runs = FindingsByRule.runs(ctx.queryParam("runs"));
        } catch (ApiError e) {
            ctx.status(e.status());
            return FindingsPage.refused(e.getMessage());
        }
        return FindingsPage.render(FindingsByRule.read(lexsync(), source, runs),
                statuses.all().stream().map(SourceStatus::id).toList());
    }

    private @Nullable String source(Context ctx) {
        String id = ctx.pathParam("id");
        return statuses.one(id).map(s -> SourcesPage.source(s, lexsync().store().runs(id, SOURCE_RUNS),
                lexsync().store().failures(id), now())).orElse(null);
    }

    private @Nullable String run(Context ctx) {
        long id;
        try {
            id = Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            return null;
        }
        return lexsync().store().run(id).map(r -> {
            List<ItemFailure> failures = lexsync().store().failures(r.sourceId()).stream()
                    .filter(f -> f.runId() != null && f.runId() == id).toList();
            return RunPage.render(r, lexsync().store().findings(id), failures, now(),
                    r.ended() == null ? RunProgress.of(context, r.sourceId()).orElse(null) : null);
        }).orElse(null);
    }

    private String findDocuments(Context ctx) {
        String uri = ctx.queryParam("uri");
        String q = ctx.queryParam("q");
        boolean asked = (uri != null && !uri.isBlank()) || (q != null && !q.isBlank());
        return DocumentPages.search(uri, q, asked ? new DocumentHistory(lexsync()).find(uri, q) : null);
    }

    private @Nullable String document(Context ctx) {
        return new DocumentHistory(lexsync()).document(ctx.pathParam("source"), ctx.pathParam("uri"))
                .map(d -> DocumentPages.document(d, DocumentRdf.section(lexsync(), d.state().sourceId(),
                        d.state().uri()), now())).orElse(null);
    }

    private String diff(Context ctx) {
        try {
            return DocumentPages.diff(new DocumentHistory(lexsync()).diff(ctx.pathParam("source"), ctx.pathParam("uri"),
                    ctx.queryParam("from"), ctx.queryParam("to")));
        } catch (ApiError e) {
            ctx.status(e.status());
            return DocumentPages.refused(e.getMessage());
        }
    }

    private LexSync lexsync() {
        return context.lexsync();
    }

    private Instant now() {
        return context.clock().instant();
    }
}
