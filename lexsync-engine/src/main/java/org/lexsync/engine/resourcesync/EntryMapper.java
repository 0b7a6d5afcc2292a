package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.namespace.QName;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.uri.Origins;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;

/**
 * Turns one Resource List, Change List or manifest entry into a planned change: the resource URI, the
 * promised hash/length/type (§7), every {@code rs:ln} recorded with the resource (§14; an unknown relation
 * is just recorded), the {@code describedby} metadata resource fetched along (§14.5), and mirrors
 * ({@code duplicate}, §14.2) tried in {@code pri} order before falling back to {@code loc}.
 */
final class EntryMapper {
    private static final int NO_PRI = 999_999;

    private final String sourceId;
    private final ResourceSyncOptions options;
    private final SourceDocuments docs;

    EntryMapper(String sourceId, ResourceSyncOptions options, SourceDocuments docs) {
        this.sourceId = sourceId;
        this.options = options;
        this.docs = docs;
    }

    /** The entry's resource URI resolved against its document, or null (with a finding) when unusable. */
    URI resourceUri(SitemapEntry e, URI document) {
        if (e.loc() == null || e.loc().isEmpty()) {
            docs.findings().error("rs:7/loc", document + ": an entry has no <loc>; skipped", e.line(), e.column());
            return null;
        }
        try {
            URI uri = document.resolve(e.loc());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                docs.findings().warning("rs:7/loc-scheme", String.format(Locale.ROOT,
                        "%s: <loc> %s is not http(s); skipped", document, e.loc()), e.line(), e.column());
                return null;
            }
            return uri;
        } catch (IllegalArgumentException bad) {
            docs.findings().error("rs:7/loc", String.format(Locale.ROOT, "%s: <loc> '%s' is not a URI; skipped",
                    document, e.loc()), e.line(), e.column());
            return null;
        }
    }

    /** The digests to verify out of those the source gives (by the hash option). */
    Digests select(Digests given) {
        return options.select(given);
    }

    /** Whether deletes are applied (else they are skipped and only move the cursor). */
    boolean deletes() {
        return options.delete();
    }

    boolean excluded(URI uri) {
        return options.excluded(uri.toString());
    }

    /** A created/updated resource fetched over HTTP (from a mirror when one answers correctly). */
    PlannedChange upsert(SitemapEntry e, URI uri, URI document, ChangeKind kind, String checkpoint) {
        return upsert(e, uri, document, kind, checkpoint, target -> true);
    }

    /** As {@link #upsert(SitemapEntry, URI, URI, ChangeKind, String)}, trying only the mirrors {@code mirrorAllowed} accepts. */
    PlannedChange upsert(SitemapEntry e, URI uri, URI document, ChangeKind kind, String checkpoint,
                         java.util.function.Predicate<URI> mirrorAllowed) {
        RsMetadata md = e.mdOrEmpty();
        Digests expected = options.select(md.hash());
        List<PlannedRepresentation> reps = new ArrayList<>(2);
        PlannedRepresentation primary = fromMirror(e, document, expected, md, mirrorAllowed);
        reps.add(primary != null ? primary
                : authorized(new PlannedRepresentation(uri, null, RepresentationRole.PRIMARY, expected, md.length(),
                md.type(), List.of()), document));
        addMetadata(e, document, reps);
        return PlannedChange.builder(sourceId, uri.toString(), kind).sourceTimestamp(e.changeTime()).representations(reps)
                .links(links(e, document)).checkpoint(checkpoint).build();
    }

    /**
     * A created/updated resource whose bytes cannot be had in this run: the change fails with {@code reason} and
     * {@code message} when applied, without a fetch, and is retried by a later run.
     */
    PlannedChange unavailable(SitemapEntry e, URI uri, URI document, ChangeKind kind, String reason, String message,
                              String checkpoint) {
        return PlannedChange.builder(sourceId, uri.toString(), kind).sourceTimestamp(e.changeTime())
                .representations(List.of(PlannedRepresentation.unavailable(RepresentationRole.PRIMARY, uri, reason,
                        message))).links(links(e, document)).checkpoint(checkpoint).build();
    }

    /** The origins besides the source's own that the operator configured as mirrors. */
    List<URI> mirrors() {
        return options.mirrors();
    }

    /**
     * A created/updated resource whose bytes are already here (a dump bitstream, §11.2, §13.2): in
     * {@code file}, or in {@code bytes} when small (exactly one of them).
     */
    PlannedChange local(SitemapEntry e, URI uri, URI document, ChangeKind kind, Path file, byte[] bytes,
                        Digests expected, String checkpoint) {
        RsMetadata md = e.mdOrEmpty();
        List<PlannedRepresentation> reps = new ArrayList<>(2);
        reps.add(new PlannedRepresentation(null, file, RepresentationRole.PRIMARY, expected, md.length(), md.type(),
                List.of(), bytes));
        addMetadata(e, document, reps);
        return PlannedChange.builder(sourceId, uri.toString(), kind).sourceTimestamp(e.changeTime()).representations(reps)
                .links(links(e, document)).checkpoint(checkpoint).build();
    }

    /**
     * Adds the source's access token ({@code --access-token}) to a resource fetch on the same origin as the
     * document that lists it: a source that needs the token for its lists usually needs it for its resources,
     * and a token is never sent to another host (a mirror or a third-party link).
     */
    private PlannedRepresentation authorized(PlannedRepresentation p, URI document) {
        String token = docs.accessToken();
        if (token == null || p.url() == null || !Origins.sameOrigin(p.url(), document)) {
            return p;
        }
        return p.withHeaders(java.util.Map.of("Authorization", "Bearer " + token));
    }

    PlannedChange delete(SitemapEntry e, URI uri, String checkpoint) {
        return PlannedChange.delete(sourceId, uri.toString(), e.changeTime(), checkpoint);
    }

    /** The metadata resource a {@code describedby} link names is synced with the resource (§14.5). */
    private void addMetadata(SitemapEntry e, URI document, List<PlannedRepresentation> reps) {
        for (RsLink l : e.links()) {
            if ("describedby".equalsIgnoreCase(l.rel()) && l.href() != null) {
                URI target = resolveHttp(document, l.href());
                if (target != null) {
                    reps.add(authorized(new PlannedRepresentation(target, null, RepresentationRole.METADATA,
                            options.select(l.hash()), l.length(), l.type(), List.of(new Link("describedby",
                            target.toString()))), document));
                }
            }
        }
    }

    /**
     * Tries the entry's {@code duplicate} links (§14.2) in {@code pri} order (lowest first, absent = 999999);
     * the first mirror whose bytes verify gives a local file; null when there is none or all fail.
     */
    private PlannedRepresentation fromMirror(SitemapEntry e, URI document, Digests expected, RsMetadata md,
                                             java.util.function.Predicate<URI> allowed) {
        List<RsLink> mirrors = new ArrayList<>();
        for (RsLink l : e.links()) {
            if ("duplicate".equalsIgnoreCase(l.rel()) && l.href() != null) {
                mirrors.add(l);
            }
        }
        if (mirrors.isEmpty()) {
            return null;
        }
        mirrors.sort(Comparator.comparingInt(l -> l.pri() == null ? NO_PRI : l.pri()));
        for (RsLink l : mirrors) {
            URI target = resolveHttp(document, l.href());
            if (target == null) {
                continue;
            }
            if (!allowed.test(target)) {
                docs.findings().info("rs:14.2/mirror-refused", String.format(Locale.ROOT,
                        "mirror %s of %s is not on the source's origin or a configured mirror; not tried", target,
                        e.loc()), e.line(), e.column());
                continue;
            }
            FetchResult r = docs.fetcher().fetch(new FetchRequest(target, Expectation.of(expected, md.length()),
                    null, null));
            if (r instanceof FetchResult.Fetched f) {
                return new PlannedRepresentation(null, f.body(), RepresentationRole.PRIMARY, expected, md.length(),
                        md.type() != null ? md.type() : f.contentType(), List.of(new Link("duplicate",
                        target.toString())));
            }
            if (r instanceof FetchResult.Failed x) {
                docs.findings().info("rs:14.2/mirror-failed", String.format(Locale.ROOT,
                        "mirror %s of %s failed (%s: %s); trying the next, then <loc>", target, e.loc(),
                        x.reason().name().toLowerCase(Locale.ROOT), x.message()), e.line(), e.column());
            }
        }
        return null;
    }

    private static URI resolveHttp(URI document, String href) {
        try {
            URI u = document.resolve(href.strip());
            String s = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return s.equals("http") || s.equals("https") ? u : null;
        } catch (IllegalArgumentException bad) {
            return null;
        }
    }

    /** Every link of the entry, with its attributes, as the store keeps them (§14). */
    static List<Link> links(SitemapEntry e, URI document) {
        if (e.links().isEmpty()) {
            return List.of();
        }
        List<Link> out = new ArrayList<>(e.links().size());
        for (RsLink l : e.links()) {
            if (l.rel() == null || l.href() == null) {
                continue;
            }
            String href;
            try {
                href = document.resolve(l.href().strip()).toString();
            } catch (IllegalArgumentException bad) {
                href = l.href();
            }
            Map<String, String> a = new LinkedHashMap<>();
            put(a, "pri", l.pri());
            put(a, "type", l.type());
            put(a, "length", l.length());
            put(a, "hash", l.hash().isEmpty() ? null : l.hash().toString());
            put(a, "modified", l.modified());
            put(a, "path", l.path());
            put(a, "encoding", l.encoding());
            for (Map.Entry<QName, String> o : l.otherAttributes().entrySet()) {
                QName q = o.getKey();
                a.put(q.getNamespaceURI().isEmpty() ? q.getLocalPart() : "{" + q.getNamespaceURI() + "}" + q.getLocalPart(),
                        o.getValue());
            }
            out.add(new Link(l.rel(), href, a));
        }
        return out;
    }

    private static void put(Map<String, String> a, String key, Object value) {
        if (value != null) {
            a.put(key, value.toString());
        }
    }
}
