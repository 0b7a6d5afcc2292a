package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.harvest.UriSet;
import org.lexsync.engine.model.ChangeKind;

/**
 * Baseline synchronisation from a Resource List or Resource List Index (ResourceSync §5.2, §10.1,
 * §10.2): every listed resource, one entry at a time, as a create-or-update; the snapshot time
 * {@code at} of the list (or index) becomes the point incremental synchronisation starts from. Entries
 * are {@linkplain EntryRepair repaired} first; a URI listed again is reported and skipped (§10.1).
 */
final class ResourceListPlan extends Plan implements BaselinePlan {
    private final SourceDocuments docs;
    private final EntryMapper mapper;
    private final URI root;
    private final Deque<URI> lists = new ArrayDeque<>();
    private SourceDocuments.Opened open;
    private boolean started;
    private W3cDateTime at;
    private long entries;
    private final UriSet seen = new UriSet();
    private final EntryRepair repair;

    ResourceListPlan(SourceDocuments docs, EntryMapper mapper, URI root) {
        this.docs = docs;
        this.mapper = mapper;
        this.root = root;
        this.repair = new EntryRepair(docs.findings());
    }

    /** The snapshot time of the list or index (§10.1 {@code at}), known once planning started; may be null. */
    @Override
    public W3cDateTime at() {
        return at;
    }

    long entries() {
        return entries;
    }

    /** The resource URIs listed (excluded ones included), for deleting what a repeated baseline no longer lists. */
    @Override
    public UriSet seen() {
        return seen;
    }

    @Override
    protected PlannedChange compute() {
        if (!started) {
            started = true;
            openRoot();
        }
        while (true) {
            if (open == null) {
                if (lists.isEmpty()) {
                    return null;
                }
                URI next = lists.poll();
                open = docs.open(next);
                SitemapHeader h = open.reader().header();
                check(h, next);
                if (h.isIndex()) {
                    docs.findings().error("rs:10.2/nested-index", next + ": a Resource List Index points at another index;"
                            + " it is read as one", 0, 0);
                    addChildren(open);
                    closeOpen();
                    continue;
                }
            }
            if (!open.reader().hasNext()) {
                closeOpen();
                continue;
            }
            URI doc = open.download().url();
            SitemapEntry e = repair.repair(open.reader().next(), doc, open.download().finalUrl());
            URI uri = mapper.resourceUri(e, doc);
            if (uri == null) {
                continue;
            }
            if (!seen.add(uri.toString())) {
                // A snapshot lists a resource once (§10.1); fetching it again would only journal it twice.
                docs.findings().warning("rs:10.1/duplicate", String.format(Locale.ROOT,
                        "%s: %s is listed more than once; the first entry is used", doc, uri), e.line(), e.column());
                continue;
            }
            if (mapper.excluded(uri)) {
                continue;
            }
            entries++;
            // A Resource List is a snapshot without order (§10): one resource failing holds back no other.
            return mapper.upsert(e, uri, doc, ChangeKind.CREATED, null).asUnordered();
        }
    }

    private void openRoot() {
        open = docs.open(root);
        SitemapHeader h = open.reader().header();
        check(h, root);
        at = h.md() == null ? null : h.md().at();
        if (at == null) {
            docs.findings().error("rs:10.1/at", root + ": the Resource List has no rs:md at (mandatory, Appendix A)",
                    h.line(), h.column());
        }
        if (h.isIndex()) {
            addChildren(open);
            closeOpen();
        }
    }

    private void addChildren(SourceDocuments.Opened index) {
        URI base = index.download().finalUrl();
        while (index.reader().hasNext()) {
            SitemapEntry e = index.reader().next();
            URI list = e.loc() == null ? null : EntryRepair.absolute(e.loc(), base);
            if (list != null) {
                lists.add(list);
            } else if (e.loc() != null) {
                docs.findings().error("rs:10.2/loc", String.format(Locale.ROOT, "%s: <loc> '%s' is not a URI; skipped",
                        index.download().url(), e.loc()), e.line(), e.column());
            }
        }
    }

    private void check(SitemapHeader h, URI doc) {
        if (h.capability() != Capability.RESOURCELIST) {
            docs.findings().warning("rs:10.1/capability", String.format(Locale.ROOT,
                    "%s: expected capability resourcelist, found %s", doc, h.md() == null ? "none" : h.md().capability()),
                    h.line(), h.column());
        }
    }

    private void closeOpen() {
        if (open != null) {
            docs.collect(open.reader());
            open.close();
            open = null;
        }
    }

    @Override
    public void close() {
        if (open != null) {
            open.close();
            open = null;
        }
    }
}
