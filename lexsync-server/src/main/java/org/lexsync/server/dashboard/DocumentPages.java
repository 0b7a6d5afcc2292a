package org.lexsync.server.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSummary;
import org.lexsync.server.DocumentHistory;
import org.lexsync.server.DocumentRdf;
import org.lexsync.server.LineDiff;

/**
 * The document pages (docs/architecture.md, "Dashboard and metrics"): {@code /documents} finds a document by its URI
 * or by text in its URI or title, {@code /documents/{source}/{uri}} shows its current state and every version from
 * the journal with provenance and a sandboxed download of each stored file, and {@code …/diff?from=&to=} the line
 * diff of two versions. Plain links and GET forms only, so nothing needs script.
 */
final class DocumentPages {
    static final String SEARCH = "/documents";

    private DocumentPages() {
    }

    /** Our path of a document's page: source and URI each one percent-encoded segment. */
    static String path(String sourceId, String uri) {
        return SEARCH + "/" + UrlPath.segment(sourceId) + "/" + UrlPath.segment(uri);
    }

    /** An ELI document's RDF: its graph's statements, title, dates and relations first, and the query for them. */
    private static void rdf(Html h, DocumentRdf.Section rdf) {
        h.raw("<h2>RDF</h2>");
        if (rdf.query() != null) {
            h.raw("<p><a id=\"sparql-link\"").attr("href", DocumentRdf.apiPath(rdf.query()))
                    .raw(">the SPARQL query for these statements</a> <code class=\"msg\">").text(rdf.query())
                    .raw("</code></p>");
        }
        if (rdf.error() != null) {
            h.raw("<p class=\"bad\" id=\"rdf-error\">The graph store did not answer: ").text(rdf.error())
                    .raw("</p>");
            return;
        }
        if (rdf.statements().isEmpty()) {
            h.raw("<p class=\"muted\" id=\"rdf-none\">No graph is held for this URI.</p>");
            return;
        }
        h.raw("<div class=\"scroll\"><table id=\"rdf\"><thead><tr><th>what</th><th>property</th><th>value</th>")
                .raw("</tr></thead><tbody>");
        for (DocumentRdf.Statement st : rdf.statements()) {
            String kind = st.kind().name().toLowerCase(Locale.ROOT);
            h.raw("<tr").attr("class", "rdf-" + kind).raw("><td>").text(kind).raw("</td><td class=\"msg\">")
                    .text(st.shortPredicate()).raw("</td><td class=\"msg\">");
            if (st.objectIri()) {
                h.raw("<a").attr("href", SEARCH + "?uri=" + java.net.URLEncoder.encode(st.object(),
                        java.nio.charset.StandardCharsets.UTF_8)).raw(">").text(st.object()).raw("</a>");
            } else {
                h.text(st.object());
            }
            h.raw("</td></tr>");
        }
        h.raw("</tbody></table></div>");
        if (rdf.statements().size() >= DocumentRdf.LIMIT) {
            h.raw("<p class=\"muted\">").format("The first %d statements only.", DocumentRdf.LIMIT).raw("</p>");
        }
    }

    /** The search form and, when asked, what it found ({@code found} null when nothing was asked). */
    static String search(@Nullable String uri, @Nullable String q, @Nullable List<ResourceSummary> found) {
        Html h = new Html().raw("<h1>Documents</h1>");
        h.raw("<form id=\"find-document\" method=\"get\"").attr("action", SEARCH)
                .raw("><label>exact URI <input name=\"uri\" size=\"48\"").attr("value", uri == null ? "" : uri)
                .raw("></label> <label>or text in URI or title <input name=\"q\" size=\"24\"")
                .attr("value", q == null ? "" : q).raw("></label> <button type=\"submit\">find</button></form>");
        if (found != null) {
            if (found.isEmpty()) {
                h.raw("<p class=\"muted\">No document found.</p>");
            } else {
                h.raw("<table id=\"documents\"><thead><tr><th>source</th><th>URI</th><th>title</th><th>status</th>")
                        .raw("<th>publisher's time</th></tr></thead><tbody>");
                for (ResourceSummary r : found) {
                    h.raw("<tr><td>").text(r.sourceId()).raw("</td><td class=\"msg\"><a")
                            .attr("href", path(r.sourceId(), r.uri())).raw(">").text(r.uri()).raw("</a></td><td>")
                            .text(r.title() == null ? "" : r.title()).raw("</td><td>")
                            .text(r.status().name().toLowerCase(Locale.ROOT)).raw("</td><td>")
                            .text(r.sourceTimestamp() == null ? "—" : r.sourceTimestamp()).raw("</td></tr>");
                }
                h.raw("</tbody></table>");
                if (found.size() >= DocumentHistory.FOUND) {
                    h.raw("<p class=\"muted\">").format("The first %d only; narrow the text.", DocumentHistory.FOUND)
                            .raw("</p>");
                }
            }
        }
        return Layout.page("Documents", SEARCH, h);
    }

    /** A document's page: current state, files, versions, and the form asking for a diff. */
    static String document(DocumentHistory.Document d, DocumentRdf.@Nullable Section rdf, Instant now) {
        ResourceState s = d.state();
        Html h = new Html().raw("<h1>Document</h1><dl id=\"document\"><dt>URI</dt><dd class=\"msg\">").text(s.uri())
                .raw("</dd><dt>source</dt><dd><a").attr("href", "/sources/" + UrlPath.segment(s.sourceId())).raw(">")
                .text(s.sourceId()).raw("</a></dd><dt>status</dt><dd>").text(s.status().name().toLowerCase(Locale.ROOT))
                .raw("</dd><dt>title</dt><dd>").text(s.title() == null ? "—" : s.title())
                .raw("</dd><dt>publisher's time</dt><dd>").text(s.sourceTimestamp() == null ? "—" : s.sourceTimestamp())
                .raw("</dd><dt>published</dt><dd>").text(s.published() == null ? "—" : s.published())
                .raw("</dd><dt>first / last harvested</dt><dd>").text(Formats.time(s.firstHarvested())).raw(" / ")
                .text(Formats.time(s.lastHarvested())).raw(" (").text(Formats.relative(s.lastHarvested(), now))
                .raw(")</dd></dl><h2>Files</h2>");
        files(h, s.representations(), "files");
        if (rdf != null) {
            rdf(h, rdf);
        }
        h.raw("<h2>Versions</h2>");
        versions(h, d);
        if (d.versions().size() > 1) {
            diffForm(h, d);
        }
        return Layout.page("Document " + s.uri(), SEARCH, h);
    }

    private static void files(Html h, List<RepresentationState> files, String id) {
        if (files.isEmpty()) {
            h.raw("<p class=\"muted\">No file.</p>");
            return;
        }
        h.raw("<table").attr("id", id).raw("><thead><tr><th>original URL</th><th>role</th><th>type</th>")
                .raw("<th>size</th><th>MD5 / SHA-256</th><th></th></tr></thead><tbody>");
        for (RepresentationState r : files) {
            h.raw("<tr><td class=\"msg\">").text(r.url() == null ? "(local)" : r.url()).raw("</td><td>")
                    .text(r.role().token()).raw("</td><td>").text(r.mediaType() == null ? "—" : r.mediaType())
                    .raw("</td><td class=\"n\">").text(Formats.bytes(r.length())).raw("</td><td class=\"msg\">")
                    .text(r.md5() == null ? "—" : r.md5()).raw("<br>").text(r.sha256()).raw("</td><td><a")
                    .attr("href", DocumentHistory.blobPath(r.sha256())).raw(" class=\"download\">download</a></td></tr>");
        }
        h.raw("</tbody></table>");
    }

    private static void versions(Html h, DocumentHistory.Document d) {
        if (d.versions().isEmpty()) {
            h.raw("<p class=\"muted\">The journal holds no version.</p>");
            return;
        }
        h.raw("<table id=\"versions\"><thead><tr><th>seq</th><th>collected</th><th>change</th>")
                .raw("<th>publisher's time</th><th>run</th><th>original URL</th><th>size</th><th>MD5 / SHA-256</th>")
                .raw("<th></th></tr></thead><tbody>");
        JournalVersion previous = null;
        for (JournalVersion v : d.versions()) {
            RepresentationState p = DocumentHistory.primary(v);
            h.raw("<tr><td class=\"n\">").text(v.entry().seq()).raw("</td><td>").text(Formats.time(v.entry().collected()))
                    .raw("</td><td>").text(v.entry().kind().token()).raw("</td><td>")
                    .text(v.entry().sourceTimestamp() == null ? "—" : v.entry().sourceTimestamp()).raw("</td><td>");
            if (v.entry().runId() == null) {
                h.raw("—");
            } else {
                h.raw("<a").attr("href", "/runs/" + v.entry().runId()).raw(">").text(v.entry().runId()).raw("</a>");
            }
            h.raw(" <span class=\"muted\">").text(v.entry().sourceId()).raw("</span></td><td class=\"msg\">")
                    .text(p == null || p.url() == null ? "—" : p.url()).raw("</td><td class=\"n\">")
                    .text(p == null ? "—" : Formats.bytes(p.length())).raw("</td><td class=\"msg\">");
            if (p == null) {
                h.raw(v.recorded() ? "—" : "<span class=\"muted\">not recorded</span>");
            } else {
                h.text(p.md5() == null ? "—" : p.md5()).raw("<br>").text(p.sha256());
            }
            h.raw("</td><td>");
            if (p != null) {
                h.raw("<a").attr("href", DocumentHistory.blobPath(p.sha256())).raw(">download</a> ");
            }
            if (previous != null && p != null && DocumentHistory.textual(p.mediaType())) {
                h.raw("<a class=\"diff-previous\"").attr("href", diffPath(d, previous, v)).raw(">diff with previous</a>");
            }
            h.raw("</td></tr>");
            previous = v;
        }
        h.raw("</tbody></table>");
    }

    private static String diffPath(DocumentHistory.Document d, JournalVersion from, JournalVersion to) {
        return path(d.state().sourceId(), d.state().uri()) + "/diff?from=" + from.entry().seq() + "&to="
                + to.entry().seq();
    }

    private static void diffForm(Html h, DocumentHistory.Document d) {
        h.raw("<form id=\"diff\" method=\"get\"")
                .attr("action", path(d.state().sourceId(), d.state().uri()) + "/diff").raw("><label>diff from ");
        select(h, "from", d, d.versions().size() - 2);
        h.raw("</label> <label>to ");
        select(h, "to", d, d.versions().size() - 1);
        h.raw("</label> <button type=\"submit\">show the diff</button></form>");
    }

    private static void select(Html h, String name, DocumentHistory.Document d, int selected) {
        h.raw("<select").attr("name", name).raw(">");
        for (int i = 0; i < d.versions().size(); i++) {
            JournalVersion v = d.versions().get(i);
            h.raw("<option").attr("value", v.entry().seq()).raw(i == selected ? " selected" : "").raw(">")
                    .format("%d · %s · %s", v.entry().seq(), v.entry().kind().token(), Formats.time(v.entry().collected()))
                    .raw("</option>");
        }
        h.raw("</select>");
    }

    /** The line diff of two versions, removed lines marked {@code del}, added ones {@code ins}. */
    static String diff(DocumentHistory.Diff diff) {
        Html h = new Html().raw("<h1>Diff</h1><p><a").attr("href", path(diff.sourceId(), diff.uri())).raw(">")
                .text(diff.uri()).raw("</a> (").text(diff.sourceId()).raw("): version ").text(diff.from().entry().seq())
                .raw(" → ").text(diff.to().entry().seq()).raw("</p>");
        long changed = diff.lines().stream().filter(l -> l.op() != LineDiff.Op.SAME).count();
        h.raw("<p id=\"diff-summary\">").format("%d lines changed.", changed).raw("</p>")
                .raw("<table id=\"line-diff\" class=\"diff\"><tbody>");
        for (LineDiff.Line l : diff.lines()) {
            String mark = switch (l.op()) {
                case SAME -> " ";
                case REMOVED -> "-";
                case ADDED -> "+";
            };
            h.raw("<tr").attr("class", l.op().token()).raw("><td class=\"n\">")
                    .text(l.oldNumber() == 0 ? "" : l.oldNumber()).raw("</td><td class=\"n\">")
                    .text(l.newNumber() == 0 ? "" : l.newNumber()).raw("</td><td class=\"msg\">").text(mark + " " + l.text())
                    .raw("</td></tr>");
        }
        h.raw("</tbody></table>");
        return Layout.page("Diff " + diff.uri(), SEARCH, h);
    }

    /** A refusal (an unknown version, a format that is not text) as a page saying why. */
    static String refused(String message) {
        Html h = new Html().raw("<h1>Diff</h1><p class=\"bad\" id=\"refused\">").text(message).raw("</p>");
        return Layout.page("Diff refused", SEARCH, h);
    }
}
