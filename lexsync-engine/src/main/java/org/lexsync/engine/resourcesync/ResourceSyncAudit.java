package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.AuditReport;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.ChangeType;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.harvest.UriSet;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;

/**
 * Audits a local copy against a ResourceSync source (ResourceSync §5.2 Audit): the source's current
 * resources are its Resource List (or Index) as of its {@code at}, updated by the Change Lists' changes
 * after {@code at}; stored resources the source no longer has are reported as extra. Each resource is
 * compared with the stored state by what proves its bytes (issue 12.3): by hash (sha-256, md5) and length when
 * the source states a hash the store also holds — then times are not looked at; otherwise by length and by
 * time, at the granularity of the coarser value ({@link AuditTimes}), and only times of one kind: the store
 * keeps the time a change was planned with (a v1.1 {@code datetime} when a Change List gives one, else the
 * {@code lastmod}), so a Resource List {@code lastmod} is never compared with what may be a Change List
 * {@code datetime}. A resource with nothing comparable is {@code unverified}, neither in sync nor mismatched.
 * Streams the list and looks the store up in chunks, so memory grows only with the number of changes since
 * {@code at} and eight bytes per listed resource ({@link UriSet}).
 */
public final class ResourceSyncAudit {
    private static final int CHUNK = 500;
    /** Marks a resource whose bytes nothing the source states can prove or disprove. */
    private static final AuditReport.Mismatch UNVERIFIED = new AuditReport.Mismatch("", "unverified", "", "");

    private final Fetcher fetcher;
    private final HarvestStore store;
    private final XmlLimits limits;

    /** An audit of what {@code store} holds (see {@link HarvestStore#over}) against sources read with {@code fetcher}. */
    public ResourceSyncAudit(Fetcher fetcher, HarvestStore store) {
        this.fetcher = fetcher;
        this.store = store;
        this.limits = XmlLimits.DEFAULT;
    }

    /**
     * Audits source {@code sourceId} in the store against the source at {@code url} (any URL discovery
     * accepts); {@code capabilityList} (nullable) restricts it to one set, {@code accessToken} (nullable) is
     * sent with the source's documents.
     *
     * @throws SourceUnreadableException when the source or its Resource List cannot be read
     */
    public AuditReport audit(String sourceId, URI url, URI capabilityList, String accessToken,
                             HarvestListener listener) {
        Instant started = Instant.now();
        Findings findings = new Findings();
        SourceDocuments docs = new SourceDocuments(fetcher, listener, accessToken, limits, findings);
        Discovery discovery = new Discovery(docs);
        List<CapabilitySet> sets = capabilityList != null ? List.of(discovery.capabilityList(capabilityList))
                : discovery.discover(url);
        Tally tally = new Tally(sourceId);
        W3cDateTime at = null;
        for (CapabilitySet set : sets) {
            URI list = set.get(Capability.RESOURCELIST);
            if (list == null) {
                throw new SourceUnreadableException(set.uri(), 0,
                        "offers no Resource List to audit against (ResourceSync §5.2 Audit)");
            }
            // a list of the set that cannot be read makes the source unauditable (SourceUnreadableException, exit 3)
            W3cDateTime setAt = auditSet(docs, set, list, tally);
            if (at == null || setAt != null && setAt.isAfter(at)) {
                at = setAt;
            }
        }
        tally.extras();
        return new AuditReport(sourceId, sets.stream().map(CapabilitySet::uri).toList(), at, tally.inSync,
                tally.missing, tally.extra, tally.mismatched, tally.unverified, tally.missingUris, tally.extraUris,
                tally.mismatches, tally.unverifiedUris, docs.documents(), findings,
                Duration.between(started, Instant.now()));
    }

    /**
     * What the source states about one resource now. {@code time} is the entry's change time (its v1.1
     * {@code datetime}, else its {@code lastmod}), the kind of time the store keeps; {@code timeComparable} is
     * false when the stored time may be of the other kind.
     */
    private record Expected(String uri, boolean deleted, Digests hash, Long length, W3cDateTime time,
                            boolean timeComparable) {
        /** A Change List entry: the store took its time from an entry like it. */
        static Expected changed(String uri, SitemapEntry e, boolean deleted) {
            RsMetadata md = e.mdOrEmpty();
            return new Expected(uri, deleted, md.hash(), md.length(), e.changeTime(), true);
        }

        /**
         * A Resource List entry: its time is comparable unless the source's changes carry v1.1 datetimes and
         * the entry does not (then the store may hold a change's datetime where the list has a lastmod).
         */
        static Expected listed(String uri, SitemapEntry e, boolean sourceUsesDatetime) {
            RsMetadata md = e.mdOrEmpty();
            return new Expected(uri, false, md.hash(), md.length(), e.changeTime(),
                    md.datetime() != null || !sourceUsesDatetime);
        }
    }

    /** The latest change after {@code at} of each resource, and whether any change read carries a v1.1 datetime. */
    private static final class Changes {
        final Map<String, Expected> latest = new HashMap<>();
        boolean datetime;
    }

    private W3cDateTime auditSet(SourceDocuments docs, CapabilitySet set, URI list, Tally tally) {
        W3cDateTime at;
        List<URI> lists = new ArrayList<>();
        try (SourceDocuments.Opened root = docs.open(list)) {
            SitemapHeader h = root.reader().header();
            at = h.md() == null ? null : h.md().at();
            Changes changed = changesSince(docs, set, at);
            if (h.isIndex()) {
                while (root.reader().hasNext()) {
                    SitemapEntry e = root.reader().next();
                    URI part = e.loc() == null ? null : EntryRepair.absolute(e.loc(), root.download().finalUrl());
                    if (part != null) {
                        lists.add(part);
                    }
                }
            } else {
                compareList(root, changed, tally);
            }
            for (URI part : lists) {
                try (SourceDocuments.Opened o = docs.open(part)) {
                    compareList(o, changed, tally);
                }
            }
            List<Expected> rest = new ArrayList<>();
            for (Expected x : changed.latest.values()) {
                if (!x.deleted()) {
                    rest.add(x);
                    if (rest.size() == CHUNK) {
                        tally.compare(rest);
                        rest.clear();
                    }
                }
            }
            tally.compare(rest);
            docs.collect(root.reader());
        }
        return at;
    }

    private void compareList(SourceDocuments.Opened doc, Changes changed, Tally tally) {
        List<Expected> chunk = new ArrayList<>(CHUNK);
        URI base = doc.download().finalUrl();
        while (doc.reader().hasNext()) {
            SitemapEntry e = doc.reader().next();
            URI resolved = e.loc() == null ? null : EntryRepair.absolute(e.loc(), base);
            if (resolved == null) {
                continue;
            }
            String uri = resolved.toString();
            if (changed.latest.containsKey(uri)) {
                continue;
            }
            chunk.add(Expected.listed(uri, e, changed.datetime));
            if (chunk.size() == CHUNK) {
                tally.compare(chunk);
                chunk.clear();
            }
        }
        tally.compare(chunk);
    }

    /** The latest change after {@code at} of every resource the Change Lists name (§12). */
    private Changes changesSince(SourceDocuments docs, CapabilitySet set, W3cDateTime at) {
        Changes changed = new Changes();
        URI root = set.get(Capability.CHANGELIST);
        if (root == null) {
            return changed;
        }
        List<URI> lists = new ArrayList<>();
        try (SourceDocuments.Opened first = docs.open(root)) {
            if (!first.reader().header().isIndex()) {
                readChanges(first, at, changed);
            } else {
                record Child(URI uri, W3cDateTime from, W3cDateTime until) {
                }
                List<Child> children = new ArrayList<>();
                while (first.reader().hasNext()) {
                    SitemapEntry e = first.reader().next();
                    URI child = e.loc() == null ? null : EntryRepair.absolute(e.loc(), first.download().finalUrl());
                    if (child != null) {
                        children.add(new Child(child, e.mdOrEmpty().from(), e.mdOrEmpty().until()));
                    }
                }
                children.sort(Comparator.comparing(c -> c.from() == null ? Instant.MIN : c.from().toInstant()));
                for (Child c : children) {
                    if (at == null || c.until() == null || !c.until().toInstant().isBefore(at.toInstant())) {
                        lists.add(c.uri());
                    }
                }
            }
        }
        for (URI l : lists) {
            try (SourceDocuments.Opened o = docs.open(l)) {
                readChanges(o, at, changed);
            }
        }
        return changed;
    }

    private static void readChanges(SourceDocuments.Opened doc, W3cDateTime at, Changes changed) {
        URI base = doc.download().finalUrl();
        while (doc.reader().hasNext()) {
            SitemapEntry e = doc.reader().next();
            if (e.mdOrEmpty().datetime() != null) {
                changed.datetime = true;
            }
            W3cDateTime t = e.changeTime();
            URI resolved = e.loc() == null ? null : EntryRepair.absolute(e.loc(), base);
            if (resolved == null || at != null && t != null && !t.toInstant().isAfter(at.toInstant())) {
                continue;
            }
            String uri = resolved.toString();
            changed.latest.put(uri, Expected.changed(uri, e, e.change() == ChangeType.DELETED));
        }
    }

    /** Counts and lists differences; remembers a 64-bit hash of every URI the source has, to find extras. */
    private final class Tally {
        private final String sourceId;
        private final UriSet seen = new UriSet();
        long inSync;
        long missing;
        long extra;
        long mismatched;
        long unverified;
        final List<String> unverifiedUris = new ArrayList<>();
        final List<String> missingUris = new ArrayList<>();
        final List<String> extraUris = new ArrayList<>();
        final List<AuditReport.Mismatch> mismatches = new ArrayList<>();

        Tally(String sourceId) {
            this.sourceId = sourceId;
        }

        void compare(List<Expected> chunk) {
            if (chunk.isEmpty()) {
                return;
            }
            Map<String, ResourceState> states = store.resources(sourceId,
                    chunk.stream().map(Expected::uri).toList());
            for (Expected x : chunk) {
                if (!seen.add(x.uri())) {
                    continue; // listed twice: the first entry counts, as when syncing (§10.1)
                }
                ResourceState s = states.get(x.uri());
                if (s == null || !s.active()) {
                    missing++;
                    if (missingUris.size() < AuditReport.MAX_LISTED) {
                        missingUris.add(x.uri());
                    }
                    continue;
                }
                AuditReport.Mismatch m = difference(x, s);
                if (m == UNVERIFIED) {
                    unverified++;
                    if (unverifiedUris.size() < AuditReport.MAX_LISTED) {
                        unverifiedUris.add(x.uri());
                    }
                } else if (m == null) {
                    inSync++;
                } else {
                    mismatched++;
                    if (mismatches.size() < AuditReport.MAX_LISTED) {
                        mismatches.add(m);
                    }
                }
            }
        }

        private AuditReport.Mismatch difference(Expected x, ResourceState s) {
            RepresentationState rep = null;
            for (RepresentationState r : s.representations()) {
                if (r.role() == RepresentationRole.PRIMARY) {
                    rep = r;
                    break;
                }
            }
            if (rep == null) {
                return new AuditReport.Mismatch(x.uri(), "content", "a file", "none");
            }
            boolean hashed = false;
            Digest sha = x.hash().get(HashAlgorithm.SHA_256).orElse(null);
            if (sha != null && rep.sha256() != null) {
                if (!sha.hex().equals(rep.sha256())) {
                    return new AuditReport.Mismatch(x.uri(), "hash", sha.toString(), "sha-256:" + rep.sha256());
                }
                hashed = true;
            }
            Digest md5 = x.hash().get(HashAlgorithm.MD5).orElse(null);
            if (md5 != null && rep.md5() != null) {
                if (!md5.hex().equals(rep.md5())) {
                    return new AuditReport.Mismatch(x.uri(), "hash", md5.toString(), "md5:" + rep.md5());
                }
                hashed = true;
            }
            if (x.length() != null && x.length() != rep.length()) {
                return new AuditReport.Mismatch(x.uri(), "length", x.length().toString(), Long.toString(rep.length()));
            }
            if (hashed) {
                return null; // the bytes are proven; a time says nothing more about them
            }
            if (x.time() == null || s.sourceTimestamp() == null || !x.timeComparable()) {
                return UNVERIFIED;
            }
            if (!AuditTimes.same(x.time(), s.sourceTimestamp())) {
                return new AuditReport.Mismatch(x.uri(), "lastmod", x.time().toString(),
                        s.sourceTimestamp().toString());
            }
            return null;
        }

        /** Every active stored resource whose URI the source did not list is extra. */
        void extras() {
            store.forEachActiveUri(sourceId, uri -> {
                if (!seen.contains(uri)) {
                    extra++;
                    if (extraUris.size() < AuditReport.MAX_LISTED) {
                        extraUris.add(uri);
                    }
                }
            });
        }
    }
}
