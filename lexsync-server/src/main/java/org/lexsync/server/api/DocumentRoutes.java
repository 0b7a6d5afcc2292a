package org.lexsync.server.api;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.server.ApiError;
import org.lexsync.server.DocumentHistory;
import org.lexsync.server.DocumentRdf;
import org.lexsync.server.LineDiff;
import org.lexsync.server.ServerContext;

/**
 * {@code /api/documents} (docs/api.md, "Documents"): find a document by URI or text, read its state and every
 * version from the journal with its provenance and download path, and diff two versions of a text format. The URI
 * in the path is percent-encoded as one segment.
 */
final class DocumentRoutes {
    private DocumentRoutes() {
    }

    static void register(RoutesConfig routes, ServerContext context) {
        routes.get("/api/documents", ctx -> {
            context.access().requireRead(ctx);
            ctx.json(Map.of("documents", history(context).find(ctx.queryParam("uri"), ctx.queryParam("q")).stream()
                    .map(Views::resource).toList()));
        });
        routes.get("/api/documents/{source}/{uri}", ctx -> {
            context.access().requireRead(ctx);
            DocumentHistory.Document d = history(context).document(ctx.pathParam("source"), uri(ctx))
                    .orElseThrow(() -> notFound(ctx));
            Map<String, @Nullable Object> body = document(d);
            DocumentRdf.Section rdf = DocumentRdf.section(context.lexsync(), d.state().sourceId(), d.state().uri());
            if (rdf != null) {
                Map<String, @Nullable Object> r = new LinkedHashMap<>();
                r.put("statements", rdf.statements().stream().map(st -> Map.of("subject", st.subject(),
                        "predicate", st.predicate(), "object", st.object(), "objectIri", st.objectIri(),
                        "kind", st.kind().name().toLowerCase(Locale.ROOT))).toList());
                r.put("sparql", rdf.query() == null ? null : DocumentRdf.apiPath(rdf.query()));
                r.put("error", rdf.error());
                body.put("rdf", r);
            }
            ctx.json(body);
        });
        routes.get("/api/documents/{source}/{uri}/diff", ctx -> {
            context.access().requireRead(ctx);
            DocumentHistory.Diff diff = history(context).diff(ctx.pathParam("source"), uri(ctx),
                    ctx.queryParam("from"), ctx.queryParam("to"));
            List<Map<String, Object>> lines = new ArrayList<>();
            for (LineDiff.Line l : diff.lines()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("op", l.op().token());
                m.put("old", l.oldNumber());
                m.put("new", l.newNumber());
                m.put("text", l.text());
                lines.add(m);
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("source", diff.sourceId());
            body.put("uri", diff.uri());
            body.put("from", diff.from().entry().seq());
            body.put("to", diff.to().entry().seq());
            body.put("lines", lines);
            ctx.json(body);
        });
    }

    private static DocumentHistory history(ServerContext context) {
        return new DocumentHistory(context.lexsync());
    }

    private static String uri(Context ctx) {
        return ctx.pathParam("uri");
    }

    private static ApiError notFound(Context ctx) {
        return ApiError.notFound(String.format(Locale.ROOT, "source '%s' holds no document %s",
                ctx.pathParam("source"), uri(ctx)));
    }

    private static Map<String, @Nullable Object> document(DocumentHistory.Document d) {
        ResourceState s = d.state();
        Map<String, @Nullable Object> m = new LinkedHashMap<>();
        m.put("source", s.sourceId());
        m.put("uri", s.uri());
        m.put("status", s.status().name().toLowerCase(Locale.ROOT));
        m.put("title", s.title());
        m.put("sourceTime", text(s.sourceTimestamp()));
        m.put("published", s.published());
        m.put("firstHarvested", text(s.firstHarvested()));
        m.put("lastHarvested", text(s.lastHarvested()));
        m.put("lastSeq", s.lastSeq());
        m.put("files", s.representations().stream().map(DocumentRoutes::file).toList());
        m.put("versions", d.versions().stream().map(DocumentRoutes::version).toList());
        return m;
    }

    private static Map<String, @Nullable Object> version(JournalVersion v) {
        Map<String, @Nullable Object> m = new LinkedHashMap<>();
        m.put("seq", v.entry().seq());
        m.put("kind", v.entry().kind().token());
        m.put("collectedTime", text(v.entry().collected()));
        m.put("sourceTime", text(v.entry().sourceTimestamp()));
        m.put("source", v.entry().sourceId());
        m.put("run", v.entry().runId());
        m.put("recorded", v.recorded());
        m.put("title", v.title());
        m.put("published", v.published());
        m.put("files", v.representations().stream().map(DocumentRoutes::file).toList());
        return m;
    }

    private static Map<String, @Nullable Object> file(RepresentationState r) {
        Map<String, @Nullable Object> m = new LinkedHashMap<>();
        m.put("url", r.url() == null ? null : r.url().toString());
        m.put("role", r.role().token());
        m.put("type", r.mediaType());
        m.put("length", r.length());
        m.put("md5", r.md5());
        m.put("sha256", r.sha256());
        m.put("download", DocumentHistory.blobPath(r.sha256()));
        m.put("text", DocumentHistory.textual(r.mediaType()));
        return m;
    }

    private static @Nullable String text(@Nullable Object value) {
        return value == null ? null : value.toString();
    }
}
