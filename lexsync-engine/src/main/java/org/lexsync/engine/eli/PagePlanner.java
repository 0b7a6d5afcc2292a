package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.lexsync.core.LexsyncException;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.fetch.FetchFailure;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.rdf.EliConformance;
import org.lexsync.engine.rdf.ExtractedMetadata;
import org.lexsync.engine.rdf.FullTextChoice;
import org.lexsync.engine.rdf.FullTextSelector;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.ResourceState;

/**
 * Plans one change per legal resource that needs (re)fetching (ELI Pillar IV annex §4.1 steps 2c, 3b, 4a):
 * candidates already held at the same or a newer date are skipped (see {@link SourceDates#current}; unless
 * every page is to be fetched again, step 5); for the others the ELI is dereferenced with {@code Accept: text/html} following
 * redirects, the page's RDFa and JSON-LD are extracted and checked (§3.2.2), the full texts are chosen
 * (§4.2), and the change carries the page as the PRIMARY representation (bytes already downloaded) and the
 * full texts as FULLTEXT representations for the applier to fetch and verify. The page is the change: one that
 * cannot be fetched (cut short, connection lost, an error status), cannot be read, or whose RDFa or a JSON-LD
 * block cannot be parsed becomes a {@linkplain PlannedChange#failed failed change}, which the applier records
 * (retried next run, holding the checkpoint, subject to its give-up rule) and nothing of it becomes current.
 * Only when a later run gets the very same unparsable bytes again is the page kept as the publisher serves it,
 * with its error findings. Pages are fetched and read a few ahead on virtual threads while the applier
 * commits; changes come out in the candidates' order.
 */
final class PagePlanner implements Iterator<PlannedChange>, AutoCloseable {
    /** Pages fetched and read ahead of the applier (the fetcher's per-host politeness still applies). */
    static final int LOOKAHEAD = 16;
    static final String ACCEPT_HTML = "text/html";
    static final String ROBOTS_RULE = "eli:4.1/robots-disallowed";
    static final String NOT_ACCEPTABLE_RULE = "eli:3.2.2/not-acceptable";
    static final String HTML_REDIRECT_RULE = "eli:3.2.2/html-redirect";
    /** HTML (meta refresh) redirects followed from a page that gives no metadata. */
    static final int MAX_HTML_REDIRECTS = 3;
    /** Asked once after a 406 to {@value #ACCEPT_HTML}. */
    static final String ACCEPT_FALLBACK = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1";
    /** Reason of a change whose page was fetched but could not be read at all. */
    static final String PAGE_UNREADABLE = "page-unreadable";
    /** Reason of a change whose page's RDFa or a JSON-LD block could not be parsed. */
    static final String METADATA_UNPARSABLE = "metadata-unparsable";
    static final String PAGE_READABLE_RULE = "eli:3.2.2/page-readable";
    private static final String SHA_PREFIX = "sha-256 ";
    private static final int LOOKUP_CHUNK = 64;
    private static final Node TITLE = NodeFactory.createURI("http://data.europa.eu/eli/ontology#title");

    private final String sourceId;
    private final Iterator<Candidate> candidates;
    private final boolean refetchAll;
    private final HarvestStore store;
    private final Fetcher fetcher;
    private final PageMetadataExtractor extractor;
    private final FullTextOptions fullText;
    private final GraphSync graphs;
    private final BiConsumer<String, Findings> findingsSink;
    private final Function<Candidate, String> checkpoint;
    private final boolean planOnly;
    private final ArrayDeque<Candidate> chunk = new ArrayDeque<>();
    private Map<String, ResourceState> states = Map.of();
    private final ArrayDeque<Future<Planned>> ahead = new ArrayDeque<>();
    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final int lookahead;
    private final AtomicLong pages = new AtomicLong();
    private long skipped;
    /** The next planned change, already awaited (its page read), or null. */
    private Planned head;

    PagePlanner(String sourceId, Iterator<Candidate> candidates, boolean refetchAll, HarvestStore store, Fetcher fetcher,
                PageMetadataExtractor extractor, FullTextOptions fullText, GraphSync graphs,
                BiConsumer<String, Findings> findingsSink, Function<Candidate, String> checkpoint, boolean planOnly) {
        this.sourceId = sourceId;
        this.candidates = candidates;
        this.refetchAll = refetchAll;
        this.store = store;
        this.fetcher = fetcher;
        this.extractor = extractor;
        this.fullText = fullText;
        this.graphs = graphs;
        this.findingsSink = findingsSink;
        this.checkpoint = checkpoint;
        this.planOnly = planOnly;
        this.lookahead = planOnly ? 1 : LOOKAHEAD;
    }

    /** A planned change with what was read from its page (both null when there was no page). */
    private record Planned(Candidate candidate, PlannedChange change, Graph graph, Findings findings) {
    }

    /** Pages fetched so far. */
    long pages() {
        return pages.get();
    }

    /** Candidates skipped because the store already holds them at that date. */
    long skipped() {
        return skipped;
    }

    @Override
    public boolean hasNext() {
        while (true) {
            while (ahead.size() < lookahead) {
                Candidate c = nextCandidate();
                if (c == null) {
                    break;
                }
                ResourceState held = states.get(c.eli());
                ChangeKind kind = held != null && held.active() ? ChangeKind.UPDATED : ChangeKind.CREATED;
                ahead.add(workers.submit(() -> plan(c, kind)));
            }
            if (head == null) {
                if (ahead.isEmpty()) {
                    return false;
                }
                head = await(ahead.poll());
            }
            if (head.change() != null) {
                return true;
            }
            // nothing to apply (robots.txt keeps us out): say why and go on with the next
            findingsSink.accept(head.candidate().eli(), head.findings());
            skipped++;
            head = null;
        }
    }

    @Override
    public PlannedChange next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Planned p = head;
        head = null;
        // a change failed by the planner is never committed: it queues no graph
        if (!planOnly && p.change().failure() == null) {
            graphs.planned(p.candidate().eli(), p.graph(), p.candidate().modified());
        }
        if (p.findings() != null && !p.findings().isEmpty()) {
            findingsSink.accept(p.candidate().eli(), p.findings());
        }
        return p.change();
    }

    /** Stops the look-ahead and deletes the pages fetched for changes nobody took. */
    @Override
    public void close() {
        for (Future<Planned> f : ahead) {
            f.cancel(true);
        }
        workers.shutdownNow();
        for (Future<Planned> f : ahead) {
            if (f.isDone() && !f.isCancelled()) {
                try {
                    discard(f.get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException ignored) {
                    // nothing was kept
                }
            }
        }
        ahead.clear();
        if (head != null) {
            discard(head);
        }
        head = null;
    }

    /** Deletes the downloaded page of a change nobody took. */
    private static void discard(Planned p) {
        if (p.change() == null) {
            return;
        }
        for (PlannedRepresentation r : p.change().representations()) {
            if (r.localFile() != null) {
                TempFiles.deleteQuietly(r.localFile());
            }
        }
    }

    private static Planned await(Future<Planned> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fetching a page", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("fetching a page failed", e.getCause());
        }
    }

    /** The next candidate that needs fetching, or null. */
    private Candidate nextCandidate() {
        while (true) {
            if (chunk.isEmpty() && !fill()) {
                return null;
            }
            Candidate c = chunk.poll();
            if (refetchAll || !current(c, states.get(c.eli()))) {
                return c;
            }
            skipped++;
        }
    }

    /** Takes the next few candidates and reads their stored state in one query. */
    private boolean fill() {
        List<String> uris = new ArrayList<>(LOOKUP_CHUNK);
        while (chunk.size() < LOOKUP_CHUNK && candidates.hasNext()) {
            Candidate c = candidates.next();
            chunk.add(c);
            uris.add(c.eli());
        }
        if (chunk.isEmpty()) {
            return false;
        }
        states = store.resources(sourceId, uris);
        return true;
    }

    /** §4.1 step 3b: only an ELI not held, or held with an older date, needs fetching. */
    private static boolean current(Candidate c, ResourceState held) {
        return SourceDates.current(c.modified(), held);
    }

    /**
     * Runs on a worker: fetches and reads the page; writes neither the store nor the graphs (it reads the
     * item failure of an ELI whose metadata cannot be parsed).
     */
    private Planned plan(Candidate c, ChangeKind kind) {
        URI eli = URI.create(c.eli());
        String cp = checkpoint.apply(c);
        if (planOnly) {
            // a dry run: say what would be fetched, fetch nothing
            return new Planned(c, PlannedChange.upsert(sourceId, c.eli(), kind, c.modified(), List.of(
                    PlannedRepresentation.fetch(eli, RepresentationRole.PRIMARY, Digests.NONE, null, ACCEPT_HTML)), cp),
                    null, null);
        }
        FetchResult result = fetcher.fetch(FetchRequest.of(eli).withHeader("Accept", ACCEPT_HTML));
        Findings fetchFindings = null;
        if (result instanceof FetchResult.Failed failed && failed.reason() == FetchFailure.ROBOTS_DISALLOWED) {
            // docs/architecture.md, invariant 4: robots.txt is obeyed; the ELI is reported and left out, the rest goes on. A robots.txt
            // that could not be read (ROBOTS_UNAVAILABLE, RFC 9309 §2.3.1.4) is a failure to retry instead.
            Findings f = new Findings();
            f.warning(ROBOTS_RULE, String.format(Locale.ROOT, "robots.txt of %s disallows the ELI %s (%s); its page is"
                    + " not fetched and it is not held", eli.getAuthority(), c.eli(), failed.message()), 0, 0);
            return new Planned(c, null, null, f);
        }
        if (result instanceof FetchResult.Failed failed && failed.status() == 406) {
            // §3.2.2 "Provide dereferenceable ELI URIs": Accept: text/html MUST give the page; asked once more
            // with a broader Accept, as a browser would, and reported
            fetchFindings = new Findings();
            fetchFindings.warning(NOT_ACCEPTABLE_RULE, String.format(Locale.ROOT, "%s answers 406 Not Acceptable to"
                    + " 'Accept: text/html'; an ELI MUST return its HTML page for it. Asked again with 'Accept: %s'",
                    c.eli(), ACCEPT_FALLBACK), 0, 0);
            result = fetcher.fetch(FetchRequest.of(eli).withHeader("Accept", ACCEPT_FALLBACK));
        }
        if (!(result instanceof FetchResult.Fetched fetched)) {
            // the page is the change: without it nothing may become current (it is retried in a later run)
            return new Planned(c, PlannedChange.failed(sourceId, c.eli(), kind, c.modified(), fetchFailure(c, result), cp),
                    null, fetchFindings);
        }
        FetchResult.Fetched page = fetched;
        pages.incrementAndGet();
        ExtractedMetadata metadata;
        for (int hop = 0; ; hop++) {
            try (InputStream in = Files.newInputStream(page.body())) {
                metadata = extractor.extract(in, page.finalUrl(), charset(page.contentType()));
            } catch (IOException | LexsyncException e) {
                Findings f = new Findings();
                f.error(PAGE_READABLE_RULE, String.format(Locale.ROOT, "the page of %s could not be read: %s",
                        c.eli(), e.getMessage()), 0, 0);
                if (fetchFindings != null) {
                    f.addAll(fetchFindings);
                }
                TempFiles.deleteQuietly(page.body());
                return new Planned(c, PlannedChange.failed(sourceId, c.eli(), kind, c.modified(), new ChangeFailure(
                        c.eli(), page.finalUrl().toString(), PAGE_UNREADABLE, e.getMessage(), page.status(), null), cp),
                        null, f);
            }
            if (metadata.size() > 0 || hop == MAX_HTML_REDIRECTS) {
                break;
            }
            // §3.2.2 "possibly using an HTML redirect": a page without metadata that refreshes to another is followed
            URI target = MetaRefresh.target(page.body(), page.finalUrl());
            if (target == null || target.equals(page.finalUrl())) {
                break;
            }
            if (fetchFindings == null) {
                fetchFindings = new Findings();
            }
            FetchResult next = fetcher.fetch(FetchRequest.of(target).withHeader("Accept", ACCEPT_HTML));
            if (next instanceof FetchResult.Failed f && transientFailure(f)) {
                // the page the ELI refreshes to was cut short or not answered: its metadata is not lost for good
                TempFiles.deleteQuietly(page.body());
                return new Planned(c, PlannedChange.failed(sourceId, c.eli(), kind, c.modified(), new ChangeFailure(
                        c.eli(), target.toString(), f.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                        f.message(), f.status(), f.retryAfter()), cp), null, fetchFindings);
            }
            if (!(next instanceof FetchResult.Fetched redirected)) {
                fetchFindings.warning(HTML_REDIRECT_RULE, String.format(Locale.ROOT, "the page of %s redirects (HTML"
                        + " meta refresh) to %s, which could not be fetched: %s", c.eli(), target,
                        next instanceof FetchResult.Failed f ? f.message() : "not modified"), 0, 0);
                break;
            }
            fetchFindings.info(HTML_REDIRECT_RULE, String.format(Locale.ROOT, "the page of %s is an HTML redirect"
                    + " (meta refresh) to %s; followed", c.eli(), target), 0, 0);
            TempFiles.deleteQuietly(page.body());
            page = redirected;
            pages.incrementAndGet();
        }
        Findings findings = new Findings();
        if (fetchFindings != null) {
            findings.addAll(fetchFindings);
        }
        findings.addAll(metadata.findings());
        Optional<Finding> unparsable = metadata.unparsable();
        if (unparsable.isPresent() && !brokenAtTheSource(c, page)) {
            TempFiles.deleteQuietly(page.body());
            return new Planned(c, PlannedChange.failed(sourceId, c.eli(), kind, c.modified(), new ChangeFailure(c.eli(),
                    page.finalUrl().toString(), METADATA_UNPARSABLE, String.format(Locale.ROOT, "%s (line %d, column %d;"
                            + " page %s%s)", unparsable.get().message(), unparsable.get().line(),
                            unparsable.get().column(), SHA_PREFIX, page.sha256Hex()), page.status(), null), cp),
                    null, findings);
        }
        findings.addAll(EliConformance.check(metadata.graph(), c.eli()));
        List<PlannedRepresentation> reps = new ArrayList<>();
        reps.add(PlannedRepresentation.local(page.body(), page.finalUrl(), RepresentationRole.PRIMARY, Digests.NONE,
                page.contentType()));
        if (fullText.wanted()) {
            Set<String> seen = new LinkedHashSet<>();
            for (FullTextChoice choice : FullTextSelector.select(metadata.graph(), c.eli(), fullText.languages(),
                    fullText.order(), fullText.mode())) {
                URI url = httpUri(choice.url());
                if (url == null || !seen.add(url.toString())) {
                    continue;
                }
                reps.add(new PlannedRepresentation(url, null, RepresentationRole.FULLTEXT, Digests.NONE, null,
                        choice.mediaType(), List.of(fullTextLink(choice))));
            }
        }
        return new Planned(c, PlannedChange.builder(sourceId, c.eli(), kind).sourceTimestamp(c.modified())
                .representations(reps).title(title(metadata.graph(), c.eli())).checkpoint(cp).build(), metadata.graph(),
                findings);
    }

    /** A failure another run may not meet: cut short, no connection, a timeout, a server error or 408/429. */
    private static boolean transientFailure(FetchResult.Failed f) {
        return switch (f.reason()) {
            case TRUNCATED, CONNECTION, TIMEOUT -> true;
            case HTTP_STATUS -> f.status() >= 500 || f.status() == 408 || f.status() == 429;
            default -> false;
        };
    }

    /** Why the page of {@code c} could not be fetched, as the applier records a failed fetch. */
    private static ChangeFailure fetchFailure(Candidate c, FetchResult result) {
        if (result instanceof FetchResult.Failed f) {
            return new ChangeFailure(c.eli(), c.eli(), f.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    f.message(), f.status(), f.retryAfter());
        }
        return new ChangeFailure(c.eli(), c.eli(), "not-modified-without-copy",
                "304 Not Modified to a request without validators", 304, null);
    }

    /**
     * True when the last run failed this ELI because its metadata could not be parsed and the page has the very
     * same bytes now: the publisher serves it broken (not a copy cut short on the way), so it is kept as it is,
     * with its findings, instead of failing in every run.
     */
    private boolean brokenAtTheSource(Candidate c, FetchResult.Fetched page) {
        Optional<ItemFailure> last = store.failure(sourceId, c.eli());
        return last.isPresent() && METADATA_UNPARSABLE.equals(last.get().reason()) && last.get().message() != null
                && last.get().message().contains(SHA_PREFIX + page.sha256Hex());
    }

    /** The expression, language and format a full text stands for, kept with the stored file. */
    private static Link fullTextLink(FullTextChoice choice) {
        Map<String, String> attributes = new java.util.LinkedHashMap<>();
        if (choice.language() != null) {
            attributes.put("hreflang", choice.language());
        }
        if (choice.format() != null) {
            attributes.put("format", choice.format());
        }
        attributes.put("kind", choice.kind().name().toLowerCase(Locale.ROOT));
        return new Link("eli:embodies", choice.expression() == null ? "" : choice.expression(), attributes);
    }

    /** An {@code eli:title} of an expression of the resource, English preferred, else any. */
    private static String title(Graph graph, String eli) {
        String any = null;
        Iterator<Triple> it = graph.find(Node.ANY, TITLE, Node.ANY);
        while (it.hasNext()) {
            Node o = it.next().getObject();
            if (!o.isLiteral()) {
                continue;
            }
            String lang = o.getLiteralLanguage();
            if (lang != null && lang.toLowerCase(Locale.ROOT).startsWith("en")) {
                return o.getLiteralLexicalForm();
            }
            if (any == null) {
                any = o.getLiteralLexicalForm();
            }
        }
        return any;
    }

    private static Charset charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String part : contentType.split(";")) {
            String p = part.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                try {
                    return Charset.forName(p.substring(8).replace("\"", "").strip());
                } catch (RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static URI httpUri(String s) {
        try {
            URI u = new URI(s);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && u.getHost() != null ? u : null;
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }
}
