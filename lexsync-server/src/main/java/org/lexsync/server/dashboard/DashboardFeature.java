package org.lexsync.server.dashboard;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.lexsync.server.SourceStatus;
import org.lexsync.server.SourceStatuses;

/**
 * The dashboard's routes (docs/architecture.md, "Dashboard and metrics"): {@code /}, {@code /sources/{id}},
 * {@code /runs/{id}}, {@code /failures}, {@code /hosts}, {@code /store}, each a server-rendered HTML page read
 * from the facade and the scheduler's {@link SourceControl}. Reading follows the server's read access rule; the
 * buttons go to the REST API, which checks the token.
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
        routes.get("/", ctx -> page(ctx, this::overview));
        routes.get("/sources/{id}", ctx -> page(ctx, this::source));
        routes.get("/runs/{id}", ctx -> page(ctx, this::run));
        routes.get("/failures", ctx -> page(ctx, c -> FailuresPage.render(lexsync().failures(null), now())));
        routes.get("/hosts", ctx -> page(ctx, c -> HostsPage.render(lexsync().hosts(), now())));
        routes.get("/uploads", ctx -> page(ctx, c -> UploadsPage.render(lexsync().ingestLog(null, null,
                UploadsPage.READ), now())));
        routes.get("/checks", ctx -> page(ctx, c -> ChecksPage.render(context.checkReports().recent())));
        routes.get("/store", ctx -> page(ctx, c -> StorePage.render(lexsync().storeStatistics(), lexsync().lastSeq(),
                statuses.all().size())));
    }

    private void page(Context ctx, Function<Context, @Nullable String> render) {
        context.access().requireRead(ctx);
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
        return SourcesPage.overview(all, lexsync().changesPerHour(ChangesChart.start(now)), now,
                statuses.scheduler());
    }

    private @Nullable String source(Context ctx) {
        String id = ctx.pathParam("id");
        return statuses.one(id).map(s -> SourcesPage.source(s, lexsync().runs(id, SOURCE_RUNS),
                lexsync().failures(id), now())).orElse(null);
    }

    private @Nullable String run(Context ctx) {
        long id;
        try {
            id = Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            return null;
        }
        return lexsync().run(id).map(r -> {
            List<ItemFailure> failures = lexsync().failures(r.sourceId()).stream()
                    .filter(f -> f.runId() != null && f.runId() == id).toList();
            return RunPage.render(r, lexsync().findings(id), failures, now());
        }).orElse(null);
    }

    private LexSync lexsync() {
        return context.lexsync();
    }

    private Instant now() {
        return context.clock().instant();
    }
}
