package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.ChangeType;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.harvest.UriPositions;
import org.lexsync.engine.model.ChangeKind;

/**
 * Incremental synchronisation from a Change List or Change List Index (ResourceSync §5.2, §12.1, §12.2): lists in
 * forward chronological order of their {@code from}/{@code until} (never by URI), lists closed before the cursor
 * skipped, the open list read again on every run, and inside a list every change before the cursor skipped so
 * processing resumes at the first unprocessed (URI, datetime) pair. Several changes of one resource are planned in the
 * list's order; each carries the checkpoint reached after it.
 *
 * <p>The pending lists are downloaded to disk first and scanned once: a create or update of a resource that a later
 * change of the pending lists deletes or changes again is superseded (docs/architecture.md, invariant 6): its bytes are
 * gone from the source and can never match what it promised (§12.1 lists every change, so the later one follows and
 * brings the current bytes). It is not fetched; the cursor moves past it and the run reports how many were superseded.
 * No journal row is written for it: the journal records states this store held, and it never held that one. A list that
 * the scan finds wholly before the cursor is not read a second time.
 */
final class ChangeListPlan extends Plan {
    private final SourceDocuments docs;
    private final EntryMapper mapper;
    private final ResourceSyncOptions options;
    private final URI set;
    private final URI root;
    private final CheckpointHolder holder;
    private final Deque<PendingList> lists = new ArrayDeque<>();
    private final Map<String, Instant> lastDelete = new HashMap<>();
    /** Position (in the scan's order over every pending list) of the last pending change of each URI. */
    private final UriPositions lastChange = new UriPositions();
    /** Position of the entry being planned, in the same order. */
    private long position;
    private long superseded;
    private final List<String> supersededExamples = new ArrayList<>(3);
    private final ListValidators validators;
    private final boolean afterBaseline;
    private final EntryRepair repair;
    private SourceDocuments.Opened open;
    private boolean started;
    private ChangeCursor cursor;
    private long changes;

    /**
     * @param afterBaseline the run did a baseline of this set just before: Change Lists that cannot be read
     *                      then are a finding, and the baseline stands (the next run reads them)
     */
    ChangeListPlan(SourceDocuments docs, EntryMapper mapper, ResourceSyncOptions options, URI set, URI root,
                   CheckpointHolder holder, ListValidators validators, boolean afterBaseline) {
        this.afterBaseline = afterBaseline;
        this.validators = validators;
        this.docs = docs;
        this.mapper = mapper;
        this.options = options;
        this.set = set;
        this.root = root;
        this.holder = holder;
        this.repair = new EntryRepair(docs.findings());
    }

    /** The set's cursor after everything read so far. */
    RsCheckpoint.SetState state() {
        return cursor.state();
    }

    long changes() {
        return changes;
    }

    /** Creates and updates skipped because a later change of the same resource follows. */
    long superseded() {
        return superseded;
    }

    @Override
    protected PlannedChange compute() {
        if (!started) {
            started = true;
            cursor = new ChangeCursor(holder.get(set));
            try {
                collectLists();
            } catch (SourceUnreadableException e) {
                if (!afterBaseline) {
                    throw e;
                }
                lists.forEach(l -> l.download().close());
                lists.clear();
                docs.findings().warning("rs:12.1/unreadable", String.format(Locale.ROOT,
                        "%s; the baseline stands, and the changes since it are read by the next run", e.getMessage()),
                        0, 0);
            }
            scanDeletes();
        }
        while (true) {
            if (open == null) {
                if (lists.isEmpty()) {
                    reportSuperseded();
                    return null;
                }
                PendingList next = lists.poll();
                position = next.firstPosition();
                if (next.processed() != null) {
                    cursor.skipped(next.processed());
                    continue;
                }
                open = docs.read(next.download());
                checkList(open.reader().header(), open.download().url());
                cursor.newDocument();
            }
            if (!open.reader().hasNext()) {
                docs.collect(open.reader());
                open.close();
                open = null;
                continue;
            }
            SourceDocuments.Download d = open.download();
            position++;
            PlannedChange c = plan(repair.repair(open.reader().next(), d.url(), d.finalUrl()), d.url());
            if (c != null) {
                return c;
            }
        }
    }

    private PlannedChange plan(SitemapEntry e, URI doc) {
        W3cDateTime t = e.changeTime();
        if (t == null) {
            docs.findings().error("rs:12.1/lastmod", String.format(Locale.ROOT,
                    "%s: change of %s has no lastmod (mandatory in Change Lists); applied without moving the cursor",
                    doc, e.loc()), e.line(), e.column());
        } else if (cursor.outOfOrder(t)) {
            outOfOrder(doc, e, t);
        }
        if (cursor.seenBefore(t)) {
            return null;
        }
        URI uri = mapper.resourceUri(e, doc);
        cursor.take(t, uri == null ? null : uri.toString());
        if (uri == null || mapper.excluded(uri)) {
            return null;
        }
        RsMetadata md = e.mdOrEmpty();
        ChangeType type = md.changeType(); // a value in another case is read as the value by the reader
        if (type == null) {
            docs.findings().error("rs:12.1/change", String.format(Locale.ROOT,
                    "%s: change of %s has change='%s' (created, updated or deleted); treated as updated", doc, e.loc(),
                    md.change()), e.line(), e.column());
            type = ChangeType.UPDATED;
        }
        if (type == ChangeType.DELETED && !options.delete()) {
            return null;
        }
        if (type != ChangeType.DELETED && t != null) {
            Instant deleted = lastDelete.get(uri.toString());
            if (deleted != null && deleted.isAfter(t.toInstant())) {
                return null;
            }
        }
        if (type != ChangeType.DELETED && lastChange.last(uri.toString()) > position) {
            superseded++;
            if (supersededExamples.size() < 3) {
                supersededExamples.add(uri + " at " + t);
            }
            return null;
        }
        changes++;
        String checkpoint = holder.advance(set, cursor.state());
        return switch (type) {
            case CREATED -> mapper.upsert(e, uri, doc, ChangeKind.CREATED, checkpoint);
            case UPDATED -> mapper.upsert(e, uri, doc, ChangeKind.UPDATED, checkpoint);
            case DELETED -> mapper.delete(e, uri, checkpoint);
        };
    }

    /** Downloads the root and, for an index, every list not closed before the cursor, in time order. */
    private void collectLists() {
        SourceDocuments.Download first = fetchUnlessUnchanged(root);
        if (first == null) {
            return; // the single Change List is as the last complete run read it: nothing new
        }
        SitemapHeader h;
        record Child(URI uri, W3cDateTime from, W3cDateTime until, int position) {
        }
        List<Child> children = new ArrayList<>();
        try (SitemapReader r = docs.peek(first)) {
            h = r.header();
            if (h.isIndex()) {
                URI base = first.finalUrl();
                while (r.hasNext()) {
                    SitemapEntry e = r.next();
                    URI child = e.loc() == null ? null : EntryRepair.absolute(e.loc(), base);
                    if (child != null) {
                        RsMetadata md = e.mdOrEmpty();
                        children.add(new Child(child, md.from(), md.until(), children.size()));
                    } else if (e.loc() != null) {
                        docs.findings().error("rs:12.2/loc", String.format(Locale.ROOT,
                                "%s: <loc> '%s' is not a URI; skipped", first.url(), e.loc()), e.line(), e.column());
                    }
                }
                docs.collect(r);
            }
        } catch (RuntimeException e) {
            first.close();
            throw e;
        }
        if (!h.isIndex()) {
            validators.downloaded(first);
            lists.add(new PendingList(first, null, 0));
            return;
        }
        first.close();
        if (h.capability() != Capability.CHANGELIST) {
            docs.findings().warning("rs:12.2/capability", root + ": expected capability changelist", h.line(), h.column());
        }
        List<Child> sorted = new ArrayList<>(children);
        // §12.2: lists in forward chronological order of their interval; lists without a from keep their place at the end.
        sorted.sort(Comparator.comparing((Child c) -> c.from() == null).thenComparing(
                c -> c.from() == null ? Instant.MAX : c.from().toInstant()).thenComparingInt(Child::position));
        if (!sorted.equals(children)) {
            docs.findings().warning("rs:12.2/forward-order", root
                    + ": the Change List Index does not list its Change Lists in forward chronological order;"
                    + " they are processed by their from/until", 0, 0);
        }
        W3cDateTime time = cursor.state().time();
        for (int i = 0; i < sorted.size(); i++) {
            Child c = sorted.get(i);
            if (c.until() != null && time != null && c.until().toInstant().isBefore(time.toInstant())) {
                continue;
            }
            // A list unchanged since the last complete run may be skipped unread only where no later list can
            // hold changes at its last timestamp (which the cursor's same-time count must see): the open list,
            // last in time, or a closed one whose until the cursor has not reached.
            boolean skippable = c.until() == null ? i == sorted.size() - 1
                    : time != null && c.until().toInstant().isAfter(time.toInstant());
            SourceDocuments.Download d = skippable ? fetchUnlessUnchanged(c.uri()) : docs.fetch(c.uri());
            if (d != null) {
                validators.downloaded(d);
                lists.add(new PendingList(d, null, 0));
            }
        }
    }

    /** Downloads a Change List, or null when the source says it is as the last complete run read it. */
    private SourceDocuments.Download fetchUnlessUnchanged(URI list) {
        Validators known = validators.known(list);
        return known == null ? docs.fetch(list) : docs.fetchIfChanged(list, known);
    }

    /**
     * A downloaded list to read, or one the scan found wholly processed already ({@code processed} then
     * says where the walk through the changes stands after it, and the download is gone); {@code
     * firstPosition} is the scan's position before its first entry.
     */
    private record PendingList(SourceDocuments.Download download, ChangeCursor.Walk processed, long firstPosition) {
    }

    private void reportSuperseded() {
        if (superseded > 0) {
            docs.findings().info("rs:12.1/superseded", String.format(Locale.ROOT,
                    "%d created or updated resources were not fetched because the Change List lists a later change"
                    + " of the same resource (their bytes are gone from the source), e.g. %s", superseded,
                    String.join(", ", supersededExamples)), 0, 0);
            superseded = 0;
        }
    }

    /**
     * Records the time of the last deletion of every resource the pending lists delete after the cursor, and
     * marks the lists whose every change an earlier run (or the baseline) processed, so that they are read
     * once rather than twice; their findings are reported here instead. The scan walks the changes exactly as
     * {@link #compute()} will, with its own cursor that takes nothing: the real cursor only moves forward, so
     * a change processed by the start state stays processed.
     */
    private void scanDeletes() {
        W3cDateTime time = cursor.state().time();
        Instant cursorTime = time == null ? null : time.toInstant();
        ChangeCursor walk = new ChangeCursor(cursor.state());
        List<PendingList> scanned = new ArrayList<>(lists.size());
        long at = 0;
        for (PendingList list : lists) {
            SourceDocuments.Download d = list.download();
            long first = at;
            boolean pending = false;
            List<Runnable> orderErrors = new ArrayList<>();
            walk.newDocument();
            try (SitemapReader r = docs.peek(d)) {
                while (r.hasNext()) {
                    SitemapEntry e = r.next();
                    at++;
                    W3cDateTime t = e.changeTime();
                    if (!pending && walk.outOfOrder(t)) {
                        orderErrors.add(() -> outOfOrder(d.url(), e, t));
                    }
                    boolean unseen = !walk.seenBefore(t);
                    pending |= unseen;
                    URI changed = unseen && e.loc() != null ? EntryRepair.absolute(e.loc(), d.finalUrl()) : null;
                    if (changed != null) {
                        lastChange.put(changed.toString(), at);
                    }
                    if (e.change() != ChangeType.DELETED || e.loc() == null || t == null
                            || cursorTime != null && t.toInstant().isBefore(cursorTime)) {
                        continue;
                    }
                    URI deleted = EntryRepair.absolute(e.loc(), d.finalUrl());
                    if (deleted != null) { // else reported when the entry is planned
                        lastDelete.merge(deleted.toString(), t.toInstant(), (a, b) -> a.isAfter(b) ? a : b);
                    }
                }
                if (!pending) {
                    checkList(r.header(), d.url());
                    orderErrors.forEach(Runnable::run);
                    docs.collect(r);
                }
            }
            if (pending) {
                scanned.add(new PendingList(d, null, first));
            } else {
                d.close();
                scanned.add(new PendingList(null, walk.walk(), first));
            }
        }
        lists.clear();
        lists.addAll(scanned);
    }

    private void outOfOrder(URI doc, SitemapEntry e, W3cDateTime t) {
        docs.findings().error("rs:12.1/forward-order", String.format(Locale.ROOT,
                "%s: change of %s at %s is listed after a later change (changes must be in forward chronological"
                + " order)", doc, e.loc(), t), e.line(), e.column());
    }

    private void checkList(SitemapHeader h, URI doc) {
        if (h.capability() != Capability.CHANGELIST) {
            docs.findings().warning("rs:12.1/capability", String.format(Locale.ROOT,
                    "%s: expected capability changelist, found %s", doc, h.md() == null ? "none" : h.md().capability()),
                    h.line(), h.column());
        }
        if (h.md() != null && h.md().from() == null) {
            docs.findings().error("rs:12.1/from", doc + ": the Change List has no from (mandatory, Appendix A)",
                    h.line(), h.column());
        }
    }

    @Override
    public void close() {
        if (open != null) {
            open.close();
            open = null;
        }
        while (!lists.isEmpty()) {
            PendingList list = lists.poll();
            if (list.download() != null) {
                list.download().close();
            }
        }
    }
}
