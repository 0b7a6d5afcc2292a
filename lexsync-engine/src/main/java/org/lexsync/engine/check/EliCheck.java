package org.lexsync.engine.check;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.xml.namespace.QName;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.rdf.EliConformance;
import org.lexsync.engine.rdf.ExtractedMetadata;
import org.lexsync.engine.rdf.MetadataExtractionException;
import org.lexsync.engine.rdf.PageMetadataExtractor;

/**
 * Checks an ELI Pillar IV publication (eli-pillar-iv-protocol §3.2.2, §3.3.2): the Sitemap or Sitemap Index and
 * every Sitemap it lists (nested indexes 3 levels deep, as the harvester follows them) with the core Sitemap
 * validator (sitemaps.org protocol, 50,000 entries per Sitemap) plus ELI's own rules (every entry has {@code loc}
 * and {@code lastmod}, a {@code dct:relation} to the feed); the update feed and its archives with the core ELI feed
 * profile plus 60 days of history and a daily update; and a sample of ELIs dereferenced with
 * {@code Accept: text/html}, their RDFa/JSON-LD judged by the harvester's own extractor and ELI conformance rules
 * ({@link EliConformance}), so checker and harvester cannot disagree about a page.
 */
final class EliCheck {
    static final String LASTMOD = "eli:3.2.2/loc-and-lastmod";
    static final String RELATION = "eli:3.2.2/relation-to-feed";
    static final String HISTORY = "eli:3.3.2/history-60-days";
    static final String DAILY = "eli:3.3.2/update-daily";
    static final String PAGE = "eli:3.2.2/dereferenceable";
    static final String NESTING = "lexsync:check/index-depth";
    static final String RESOURCES_ONLY = "eli:3.2.2/legal-resources-only";
    private static final String ELI_ONTOLOGY = "http://data.europa.eu/eli/ontology#";
    private static final QName DCT_RELATION = new QName("http://purl.org/dc/terms/", "relation");
    private static final String ACCEPT_HTML = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1";
    private static final int MAX_DEPTH = 3;

    private final CheckRun run;
    private final Fetcher fetcher;
    private final java.time.Clock clock;
    private final Set<URI> visited = new HashSet<>();
    private final List<URI> samples = new ArrayList<>();
    private String relation;
    /** Sitemap ELIs dated within the last 60 days, which the feed must hold (§3.3.2), with their lastmod. */
    private final java.util.Map<String, String> recent = new java.util.HashMap<>();

    private EliCheck(CheckRun run, Fetcher fetcher, java.time.Clock clock) {
        this.run = run;
        this.fetcher = fetcher;
        this.clock = clock;
        run.tally.checked(LASTMOD, Severity.ERROR, "every Sitemap entry gives <loc> and <lastmod> (§3.2.2)");
        run.tally.checked("sitemaps:limits/entries", Severity.ERROR,
                "at most 50,000 URLs per Sitemap, else a Sitemap Index (§3.2.2, sitemaps.org)");
        run.tally.checked(RELATION, Severity.WARNING,
                "the Sitemap's root names the update feed with dct:relation (§3.2.2)");
        run.tally.checked(HISTORY, Severity.ERROR, "every ELI the Sitemap dates within the last 60 days has an entry in the feed or its archives "
                + "(60 days of history, §3.3.2)");
        run.tally.checked(DAILY, Severity.ERROR, "the feed was updated within the last day (§3.3.2)");
        run.tally.checked(RESOURCES_ONLY, Severity.ERROR, "the Sitemap lists legal resources only, not "
                + "expressions or formats (a sampled page's typing, §3.2.2)");
        run.tally.checked(PAGE, Severity.ERROR, "each sampled ELI dereferences with Accept: text/html (§3.2.2)");
        run.tally.checked(EliConformance.DESCRIBES_REQUESTED_URI, Severity.ERROR,
                "a sampled ELI's page describes that ELI in RDFa or JSON-LD (§3.2.2)");
        if (run.request.sample() > 0) {
            EliShapes.announce(run.tally);
        }
    }

    static boolean check(CheckRun run, URI sitemap, Fetcher fetcher, java.time.Clock clock) {
        return new EliCheck(run, fetcher, clock).walk(sitemap);
    }

    private boolean walk(URI root) {
        Deque<URI[]> queue = new ArrayDeque<>();
        if (!sitemap(root, 0, null, queue, true)) {
            return false;
        }
        while (!queue.isEmpty() && !run.full()) {
            URI[] next = queue.poll();
            sitemap(next[0], Integer.parseInt(next[2].toString()), next[1].toString(), queue, false);
        }
        String feedText = run.request.companion() != null ? run.request.companion() : relation;
        if (feedText == null) {
            run.tally.warning(RELATION, root.toString(), 0, 0, null,
                    "no dct:relation names the update feed and no --feed was given: the feed was not checked");
        } else {
            URI feed = ResourceSyncCheck.resolve(root, feedText);
            if (feed != null) {
                feed(feed);
            }
        }
        for (URI eli : samples) {
            page(eli);
        }
        return true;
    }

    private boolean sitemap(URI url, int depth, String referrer, Deque<URI[]> queue, boolean root) {
        if (!visited.add(url)) {
            return true;
        }
        Optional<CheckRun.Fetched> doc = run.document(url, referrer);
        if (doc.isEmpty()) {
            return !root;
        }
        try (CheckRun.Fetched f = doc.get()) {
            String document = f.url().toString();
            SitemapHeader header = SitemapDocument.read(run, f, (h, e) -> entry(f.url(), depth, h, e, queue));
            if (root || relation == null) {
                String r = header.attributes().get(DCT_RELATION);
                if (r != null) {
                    relation = r.strip();
                } else if (root && !header.isIndex()) {
                    run.tally.warning(RELATION, document, header.line(), header.column(), null,
                            "the root has no dct:relation naming the ELI update feed");
                }
            }
            return true;
        } catch (XmlDocumentException e) {
            run.unreadable(e, url.toString());
            return !root;
        }
    }

    private void entry(URI base, int depth, SitemapHeader h, SitemapEntry e, Deque<URI[]> queue) {
        if (e.loc() == null) {
            return; // sitemaps:loc/missing
        }
        URI loc = ResourceSyncCheck.resolve(base, e.loc());
        if (h.isIndex()) {
            if (loc == null) {
                return;
            }
            if (depth + 1 > MAX_DEPTH) {
                run.tally.warning(NESTING, base.toString(), e.line(), e.column(), e.loc(),
                        "Sitemap Indexes nested deeper than " + MAX_DEPTH + " levels are not followed");
                return;
            }
            queue.add(new URI[] {loc, base, URI.create(Integer.toString(depth + 1))});
            return;
        }
        if (loc != null && e.lastmod() != null && !atomFeedLimitReached()
                && e.lastmod().toInstant().isAfter(clock.instant().minus(Duration.ofDays(60)))) {
            recent.put(loc.toString(), e.lastmodText());
        }
        if (e.lastmodText() == null) {
            run.tally.error(LASTMOD, base.toString(), e.line(), e.column(), e.loc(), "entry without <lastmod>");
        }
        if (loc != null && samples.size() < Math.min(run.request.sample(), 100_000)) {
            samples.add(loc);
        }
    }

    /** Bounds the ELIs remembered for the 60-day rule (memory stays bounded whatever the Sitemap's size). */
    private boolean atomFeedLimitReached() {
        return recent.size() >= 1_000_000;
    }

    private void feed(URI feed) {
        AtomCheck atom = new AtomCheck(run, AtomValidator.Profile.ELI_UPDATE_FEED, false);
        if (!atom.walk(feed)) {
            return;
        }
        java.time.Instant now = clock.instant();
        for (java.util.Map.Entry<String, String> recent : this.recent.entrySet()) {
            if (!atom.seenIds.contains(recent.getKey())) {
                run.tally.error(HISTORY, feed.toString(), 0, 0, recent.getKey(), "the Sitemap dates this ELI "
                        + recent.getValue() + ", within the last 60 days, but the feed and its archives have no "
                        + "entry for it");
            }
        }
        if (atom.subscription != null && atom.subscription.updated() != null
                && atom.subscription.updated().value() != null) {
            java.time.Instant updated = atom.subscription.updated().value().toInstant();
            if (updated.isBefore(now.minus(Duration.ofDays(1)))) {
                run.tally.error(DAILY, feed.toString(), atom.subscription.line(), atom.subscription.column(), null,
                        "feed updated " + atom.subscription.updated().raw() + ", more than a day ago");
            }
        }
    }

    private void page(URI eli) {
        run.sampled++;
        FetchResult result = fetcher.fetch(FetchRequest.of(eli).withHeader("Accept", ACCEPT_HTML));
        if (!(result instanceof FetchResult.Fetched f)) {
            String why = result instanceof FetchResult.Failed failed ? CheckRun.describe(failed) : "304";
            run.tally.error(PAGE, eli.toString(), 0, 0, eli.toString(), why);
            return;
        }
        try (InputStream in = f.body() != null ? Files.newInputStream(f.body())
                : new java.io.ByteArrayInputStream(f.inline())) {
            ExtractedMetadata metadata = new PageMetadataExtractor().extract(in, f.finalUrl(), charset(f.contentType()));
            run.tally.addAll(metadata.findings(), eli.toString());
            run.tally.addAll(EliConformance.check(metadata.graph(), eli.toString()), eli.toString());
            EliShapes.validate(run.tally, metadata.graph(), eli.toString());
            resourcesOnly(metadata.graph(), eli.toString());
        } catch (MetadataExtractionException | IOException e) {
            run.tally.error(PAGE, eli.toString(), 0, 0, eli.toString(), "page metadata could not be read: "
                    + e.getMessage());
        } finally {
            if (f.body() != null) {
                try {
                    Files.deleteIfExists(f.body());
                } catch (IOException e) {
                    // harmless
                }
            }
        }
    }

    /** §3.2.2: the Sitemap lists legal resources only, never an expression or a format. */
    private void resourcesOnly(org.apache.jena.graph.Graph graph, String eli) {
        org.apache.jena.graph.Node node = org.apache.jena.graph.NodeFactory.createURI(eli);
        for (String kind : new String[] {"LegalExpression", "Format"}) {
            if (graph.contains(node, org.apache.jena.vocabulary.RDF.type.asNode(),
                    org.apache.jena.graph.NodeFactory.createURI(ELI_ONTOLOGY + kind))) {
                run.tally.error(RESOURCES_ONLY, eli, 0, 0, eli, "the Sitemap lists an eli:" + kind
                        + "; it must list only the URIs of legal resources");
            }
        }
    }

    private static Charset charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        int i = contentType.toLowerCase(java.util.Locale.ROOT).indexOf("charset=");
        if (i < 0) {
            return null;
        }
        try {
            return Charset.forName(contentType.substring(i + 8).replace("\"", "").strip());
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
