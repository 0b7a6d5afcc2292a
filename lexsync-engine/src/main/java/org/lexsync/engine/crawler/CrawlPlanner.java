package org.lexsync.engine.crawler;

import org.lexsync.core.json.JsonStrings;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.harvest.CachedDocument;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;

/**
 * Plans one crawl (EUCases D2.1 §2, §3.3): listing step after listing step from the cursor, each listed detail page
 * fetched (conditionally where the portal gave validators; an unchanged page is read back from the store), extracted
 * to a document group and planned as one change per document — the detail page with its metadata, and each
 * attachment — for the applier to tell Add, Upd and None by the files' digests. The cursor of the next listing page
 * rides on the last change of each page, so it is committed with it.
 *
 * <p>Deletions only on an explicit signal: the portal lists a removal, or a detail page answers 404/410 when fetched
 * again — as a listed item, or, after a crawl that started at the first page, as a held group the listing no longer
 * showed. A 5xx, a timeout or robots.txt never deletes: the item fails alone and is retried. Deletions are planned
 * last, after the whole listing passed the sanity gate: a listing page that lists nothing where items were expected,
 * or a detail page without a required field, stops planning ({@link #stop()}) and nothing is deleted.
 */
final class CrawlPlanner implements Iterator<PlannedChange> {
    static final String GROUP_REL = "lexsync:group";
    static final String ITEM_REL = "item";
    static final String UP_REL = "up";

    private final String sourceId;
    private final PortalCrawler crawler;
    private final CrawlSession session;
    private final HarvestStore store;
    private final Findings findings;
    private final boolean fromStart;
    private final Deque<PlannedChange> pending = new ArrayDeque<>();
    private final Set<String> seen = new HashSet<>();
    private final Set<String> deletions = new LinkedHashSet<>();
    /** Attachments a held group linked and its new version no longer does: asked for again at the end. */
    private final Set<String> dropped = new LinkedHashSet<>();
    /** Attachments some group of this run links. */
    private final Set<String> linked = new HashSet<>();
    private final boolean dryRun;
    private @Nullable String cursor;
    private SeedYields yields;
    private boolean listingDone;
    private boolean tailDone;
    private boolean deletesPlanned;
    private @Nullable ChangeFailure stop;
    private long listingPages;
    /** Documents a dry run found unchanged (and so did not plan). */
    private long unchangedInDryRun;
    private final java.util.concurrent.atomic.AtomicLong detailPages = new java.util.concurrent.atomic.AtomicLong();

    CrawlPlanner(String sourceId, PortalCrawler crawler, CrawlSession session, HarvestStore store, Findings findings,
                 @Nullable CrawlCheckpoint resumeFrom, boolean dryRun) {
        this.sourceId = sourceId;
        this.dryRun = dryRun;
        this.crawler = crawler;
        this.session = session;
        this.store = store;
        this.findings = findings;
        this.fromStart = resumeFrom == null || resumeFrom.complete() || resumeFrom.cursor() == null;
        this.cursor = fromStart ? null : resumeFrom.cursor();
        this.yields = resumeFrom == null ? SeedYields.NONE
                : resumeFrom.complete() ? resumeFrom.yields().completed() : resumeFrom.yields();
    }

    /** The checkpoint of a crawl that listed everything, with what each seed yielded (for the next run's check). */
    String completeCheckpoint() {
        return CrawlCheckpoint.format(new CrawlCheckpoint(true, null, yields));
    }

    /** Why planning stopped before the end (the sanity gate or an unreadable listing page), or null. */
    @Nullable ChangeFailure stop() {
        return stop;
    }

    /** True when the crawl listed everything and planned its deletions. */
    boolean complete() {
        return stop == null && deletesPlanned;
    }

    /** How many documents a dry run found unchanged and left out of the planned changes. */
    long unchangedInDryRun() {
        return unchangedInDryRun;
    }

    long listingPages() {
        return listingPages;
    }

    long detailPages() {
        return detailPages.get();
    }

    @Override
    public boolean hasNext() {
        while (pending.isEmpty() && stop == null && !deletesPlanned) {
            try {
                advance();
            } catch (ExtractionException e) {
                halt(e.page(), "eucases-d2.1:3.3/required-field", "extraction-failed", e.getMessage(), 0);
            } catch (PageUnavailableException e) {
                halt(e.url(), "eucases-d2.1:2/listing-unavailable", e.reason(), e.getMessage(), e.status());
            }
        }
        return !pending.isEmpty();
    }

    @Override
    public PlannedChange next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return pending.poll();
    }

    private void halt(URI where, String rule, String reason, String message, int status) {
        pending.clear(); // nothing of a page that failed the gate is applied
        stop = new ChangeFailure(where.toString(), where.toString(), reason, message, status, null);
        findings.error(rule, message + " — the run stops here and deletes nothing", 0, 0);
    }

    private void advance() {
        if (!listingDone) {
            listingStep();
        } else if (!tailDone) {
            tailDone = true;
            if (fromStart) {
                recheckUnseen();
            }
            recheckDropped();
        } else {
            planDeletions();
        }
    }

    private void listingStep() {
        ListingSeed origin = crawler.listingSeed(cursor);
        ListingPage page = crawler.list(cursor, session);
        listingPages++;
        URI where = page.url() != null ? page.url() : URI.create("cursor:" + cursor);
        if (page.suspicious()) {
            halt(where, "eucases-d2.1:3.3/empty-listing", "empty-listing", String.format(Locale.ROOT,
                    "listing page %s lists no items where items were expected%s (has the portal changed its HTML?)",
                    where, origin == null ? "" : ": seed " + origin.key() + ", its item selector " + origin.selector()
                            + " matched nothing"), 0);
            return;
        }
        if (origin != null && redesigned(origin, page, where)) {
            return;
        }
        for (URI removed : page.removed()) {
            deletions.add(removed.toString());
        }
        // the rows naming each link (two rows linking one PDF: one group keeping both rows' records)
        Map<String, List<ListedItem>> rows = new LinkedHashMap<>();
        for (ListedItem item : page.listed()) {
            String key = item.link().toString();
            if (rows.containsKey(key) || seen.add(key)) {
                rows.computeIfAbsent(key, k -> new ArrayList<>()).add(item);
            }
        }
        List<URI> fresh = new ArrayList<>();
        List<PlannedChange> changes = new ArrayList<>();
        for (List<ListedItem> same : rows.values()) {
            if (same.get(0).document()) {
                DocumentGroup group = crawler.group(same.get(0).link(), same);
                changes.add(GroupChanges.planDocument(sourceId, group));
            } else {
                fresh.add(same.get(0).link());
            }
        }
        List<Fetched> fetched = fetchAll(fresh);
        for (Fetched f : fetched) {
            changes.addAll(planItem(f.url, f.held, f.detail, rows.get(f.url.toString())));
        }
        if (dryRun) {
            changes = withoutUnchanged(changes);
        }
        String next = CrawlCheckpoint.resumeAt(page.next(), yields);
        if (page.next() == null) {
            listingDone = true;
            // the complete checkpoint is written by the harvester once the deletions are committed too
            next = null;
        }
        if (!changes.isEmpty() && next != null) {
            PlannedChange last = changes.remove(changes.size() - 1);
            changes.add(withCheckpoint(last, next));
        }
        pending.addAll(changes);
        cursor = page.next();
    }

    /**
     * Counts the page's items for its seed; when the seed ends here having listed nothing although it listed items in
     * the previous complete crawl, stops the run with a finding naming the seed and its selector (a redesign).
     */
    private boolean redesigned(ListingSeed origin, ListingPage page, URI where) {
        yields = yields.plus(origin.key(), page.items().size());
        ListingSeed after = page.next() == null ? null : crawler.listingSeed(page.next());
        if (after != null && after.key().equals(origin.key())) {
            return false;
        }
        Long before = yields.vanished(origin.key()).orElse(null);
        if (before == null) {
            return false;
        }
        halt(where, "eucases-d2.1:3.3/redesign", "redesign", String.format(Locale.ROOT, "seed %s listed %d items in the"
                + " previous complete crawl and none now: its item selector %s matched nothing on %s (has the portal"
                + " changed its HTML?)", origin.key(), before, origin.selector(), where), 0);
        return true;
    }

    private static PlannedChange withCheckpoint(PlannedChange c, String checkpoint) {
        return new PlannedChange(c.sourceId(), c.resourceUri(), c.kind(), c.sourceTimestamp(), c.representations(),
                c.links(), c.title(), c.published(), checkpoint, c.unordered(), c.failure());
    }

    /**
     * A dry run's changes without the documents it can tell are unchanged: a page whose bytes and metadata digests are
     * the held ones, an attachment the portal answers 304 to (or sends again unchanged). The applier's no-fetch rule
     * cannot tell them without promised digests and source dates, which a portal does not give, so a dry run would
     * otherwise report every held document as an update; the real run tells them by digest after fetching.
     */
    private List<PlannedChange> withoutUnchanged(List<PlannedChange> changes) {
        List<PlannedChange> out = new ArrayList<>();
        for (PlannedChange c : changes) {
            ResourceState held = c.failure() == null ? heldActive(c.resourceUri()) : null;
            if (held != null && unchanged(c, held)) {
                unchangedInDryRun++;
            } else {
                out.add(c);
            }
        }
        return out;
    }

    private boolean unchanged(PlannedChange c, ResourceState held) {
        if (c.representations().size() != held.representations().size()) {
            return false;
        }
        for (int i = 0; i < c.representations().size(); i++) {
            PlannedRepresentation p = c.representations().get(i);
            RepresentationState r = held.representations().get(i);
            if (p.role() != r.role()) {
                return false;
            }
            if (p.localBytes() != null) {
                if (!org.lexsync.core.checksum.HashAlgorithm.SHA_256.hex(p.localBytes()).equals(r.sha256())) {
                    return false;
                }
            } else if (p.url() != null) {
                FetchResult f = session.fetch(session.request(p.url())
                        .withConditional(new Validators(r.etag(), r.lastModified())));
                boolean same = f instanceof FetchResult.NotModified
                        || f instanceof FetchResult.Fetched x && x.sha256Hex().equals(r.sha256());
                if (f instanceof FetchResult.Fetched x) {
                    org.lexsync.core.io.TempFiles.deleteQuietly(x.body());
                }
                if (!same) {
                    return false;
                }
            } else {
                return false;
            }
        }
        return true;
    }

    /** A listed detail page as fetched, with the state held before. */
    private record Fetched(URI url, @Nullable ResourceState held, Detail detail) {
    }

    /**
     * Fetches the detail pages of one listing page at once (virtual threads; the fetcher's per-host gate keeps the
     * source's politeness, so with one request in flight they still go one by one), in listing order of the result.
     */
    private List<Fetched> fetchAll(List<URI> urls) {
        if (urls.size() <= 1) {
            List<Fetched> out = new ArrayList<>();
            for (URI u : urls) {
                ResourceState held = heldActive(u.toString());
                out.add(new Fetched(u, held, fetchDetail(u, held)));
            }
            return out;
        }
        List<Future<Fetched>> futures = new ArrayList<>(urls.size());
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (URI u : urls) {
                futures.add(pool.submit(() -> {
                    ResourceState held = heldActive(u.toString());
                    return new Fetched(u, held, fetchDetail(u, held));
                }));
            }
            List<Fetched> out = new ArrayList<>(urls.size());
            for (Future<Fetched> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            futures.forEach(f -> f.cancel(true));
            throw new PageUnavailableException(urls.get(0), 0, "interrupted", "interrupted while fetching detail pages");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The changes of one listed detail page: its document group, a failure, or (404/410) a deletion for later. */
    private List<PlannedChange> planItem(URI url, @Nullable ResourceState held, Detail detail,
                                         List<ListedItem> listed) {
        if (detail.failed != null) {
            FetchResult.Failed f = detail.failed;
            if (f.status() == 404 || f.status() == 410) {
                if (held != null) {
                    deletions.add(url.toString());
                }
                return List.of();
            }
            ChangeFailure why = new ChangeFailure(url.toString(), url.toString(),
                    f.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'), f.message(), f.status(),
                    f.retryAfter());
            return List.of(PlannedChange.builder(sourceId, url.toString(), held == null ? ChangeKind.CREATED
                    : ChangeKind.UPDATED).failure(why).unordered(true).build());
        }
        Page page = detail.page;
        DocumentGroup group = crawler.extract(page, listed);
        if (held != null) {
            Set<String> now = new HashSet<>();
            group.attachments().forEach(a -> now.add(a.url().toString()));
            linked.addAll(now);
            for (Link l : held.links()) {
                if (l.rel().equals(ITEM_REL) && !now.contains(l.href())) {
                    dropped.add(l.href());
                }
            }
        }
        group.attachments().forEach(a -> linked.add(a.url().toString()));
        return GroupChanges.plan(sourceId, url, page, group);
    }

    /** A fetched (or, unchanged, re-read) detail page, or the fetcher's failure. */
    private record Detail(@Nullable Page page, FetchResult.@Nullable Failed failed) {
    }

    private Detail fetchDetail(URI url, @Nullable ResourceState held) {
        String key = cacheKey(url);
        RepresentationState heldPage = primary(held);
        Validators validators = Validators.NONE;
        CachedDocument cached = store.cached(key).orElse(null);
        // the cache is written before the commit: only a cache entry describing the very bytes we hold may be used
        if (heldPage != null && cached != null && heldPage.sha256() != null && heldPage.sha256().equals(cached.sha256())) {
            validators = cached.validators();
        }
        detailPages.incrementAndGet();
        FetchResult r = session.fetch(session.request(url).withConditional(validators));
        switch (r) {
            case FetchResult.Fetched f -> {
                if (!dryRun) {
                    store.cache(new CachedDocument(key, f.etag(), f.lastModified(), f.sha256Hex(), Instant.now()));
                }
                return new Detail(CrawlSession.toPage(f, session.charset()), null);
            }
            case FetchResult.NotModified n -> {
                byte[] bytes = readHeld(heldPage);
                if (bytes == null) {
                    return fetchDetail(url, null);
                }
                return new Detail(Page.of(url, bytes, heldPage.mediaType(), session.charset()), null);
            }
            case FetchResult.Failed x -> {
                return new Detail(null, x);
            }
        }
    }

    private byte @Nullable [] readHeld(@Nullable RepresentationState rep) {
        if (rep == null || rep.blobKey() == null) {
            return null;
        }
        try (InputStream in = store.openBlob(rep.blobKey())) {
            return in.readNBytes(CrawlSession.MAX_PAGE_BYTES);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private String cacheKey(URI url) {
        return "crawler " + sourceId + " " + url;
    }

    private @Nullable ResourceState heldActive(String uri) {
        ResourceState s = store.resources(sourceId, List.of(uri)).get(uri);
        return s != null && s.active() ? s : null;
    }

    private static @Nullable RepresentationState primary(@Nullable ResourceState s) {
        if (s == null) {
            return null;
        }
        for (RepresentationState r : s.representations()) {
            if (r.role() == RepresentationRole.PRIMARY) {
                return r;
            }
        }
        return null;
    }

    /**
     * After a crawl that listed everything from the first page: every held detail page the listing did not show is
     * fetched again (conditionally); only a 404 or 410 marks its group for deletion. Not being listed alone deletes
     * nothing (EUCases D2.1 §3.3: Del from an explicit signal only).
     */
    private void recheckUnseen() {
        List<String> unseen = new ArrayList<>();
        store.forEachResource(sourceId, false, s -> {
            if (!seen.contains(s.uri()) && isDetailPage(s)) {
                unseen.add(s.uri());
            }
        });
        for (String uri : unseen) {
            URI url = URI.create(uri);
            RepresentationState rep = primary(heldActive(uri));
            Validators validators = Validators.NONE;
            CachedDocument cached = store.cached(cacheKey(url)).orElse(null);
            if (rep != null && cached != null && rep.sha256() != null && rep.sha256().equals(cached.sha256())) {
                validators = cached.validators();
            } else if (rep != null && (rep.etag() != null || rep.lastModified() != null)) {
                // a document a listing row linked directly: the applier fetched it and kept its validators
                validators = new Validators(rep.etag(), rep.lastModified());
            }
            detailPages.incrementAndGet();
            // only the status matters: the body (a page, or a PDF of any size) is not read
            FetchResult r = session.fetch(session.request(url).withConditional(validators));
            if (r instanceof FetchResult.Fetched f) {
                org.lexsync.core.io.TempFiles.deleteQuietly(f.body());
            } else if (r instanceof FetchResult.Failed x && (x.status() == 404 || x.status() == 410)) {
                deletions.add(uri);
            }
        }
    }

    /**
     * Attachments a group no longer links are asked for again (conditionally, by the validators held); only a
     * 404 or 410 deletes one — a portal may well keep serving a file it no longer links.
     */
    private void recheckDropped() {
        for (String uri : dropped) {
            ResourceState held = heldActive(uri);
            if (held == null || linked.contains(uri)) {
                continue;
            }
            RepresentationState rep = primary(held);
            Validators v = rep == null ? Validators.NONE : new Validators(rep.etag(), rep.lastModified());
            FetchResult r = session.fetch(session.request(URI.create(uri)).withConditional(v));
            if (r instanceof FetchResult.Fetched f) {
                org.lexsync.core.io.TempFiles.deleteQuietly(f.body());
            } else if (r instanceof FetchResult.Failed x && (x.status() == 404 || x.status() == 410)) {
                deletions.add(uri);
            }
        }
    }

    private static boolean isDetailPage(ResourceState s) {
        for (RepresentationState r : s.representations()) {
            if (r.role() == RepresentationRole.METADATA) {
                return true;
            }
        }
        return false;
    }

    /** The deletions, last: each gone group's detail page and the attachments it held. */
    private void planDeletions() {
        deletesPlanned = true;
        Set<String> uris = new LinkedHashSet<>();
        for (String page : deletions) {
            ResourceState held = heldActive(page);
            if (held == null) {
                continue;
            }
            uris.add(page);
            for (Link l : held.links()) {
                if (l.rel().equals(ITEM_REL)) {
                    uris.add(l.href());
                }
            }
        }
        for (String uri : uris) {
            ResourceState held = heldActive(uri);
            if (held != null) {
                // the tombstone keeps its links, so the group it belonged to stays known (a Del group for an upload)
                pending.add(PlannedChange.builder(sourceId, uri, ChangeKind.DELETED).links(held.links()).build());
            }
        }
    }

    /** The metadata of a group as canonical JSON (sorted keys), so the same metadata always has the same MD5. */
    static byte[] metadataJson(DocumentGroup g) {
        StringBuilder b = new StringBuilder("{\"group\":").append(quote(g.id())).append(",\"page\":")
                .append(quote(g.page().toString())).append(",\"metadata\":{");
        boolean first = true;
        for (Map.Entry<String, String> e : g.metadata().entrySet()) {
            b.append(first ? "" : ",").append(quote(e.getKey())).append(':').append(quote(e.getValue()));
            first = false;
        }
        b.append('}');
        if (!g.records().isEmpty()) {
            b.append(",\"records\":[");
            for (int i = 0; i < g.records().size(); i++) {
                b.append(i == 0 ? "{" : ",{");
                boolean firstField = true;
                for (Map.Entry<String, String> e : g.records().get(i).entrySet()) {
                    b.append(firstField ? "" : ",").append(quote(e.getKey())).append(':').append(quote(e.getValue()));
                    firstField = false;
                }
                b.append('}');
            }
            b.append(']');
        }
        b.append(",\"attachments\":[");
        first = true;
        for (Attachment a : g.attachments()) {
            b.append(first ? "" : ",").append("{\"url\":").append(quote(a.url().toString()));
            if (a.fileName() != null) {
                b.append(",\"fileName\":").append(quote(a.fileName()));
            }
            if (a.format() != null) {
                b.append(",\"format\":").append(quote(a.format()));
            }
            b.append('}');
            first = false;
        }
        return b.append("]}\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    static String quote(String s) {
        return JsonStrings.quote(s);
    }
}
