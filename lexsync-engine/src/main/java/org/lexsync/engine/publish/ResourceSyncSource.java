package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.ChangeType;
import org.lexsync.core.sitemap.RootKind;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapWriter;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.Journal;

/**
 * The aggregate as a ResourceSync Source (ResourceSync §§4–12, v1.1 {@code datetime}): {@code /.well-known/resourcesync}
 * is the Source Description (§6.3.2, §11) naming one Capability List (§9) for the whole aggregate
 * ({@code resourcesync/all/}) and one per source ({@code resourcesync/source/{id}/}); each offers a Resource List
 * (§10; a Resource List Index over parts of at most {@code listSize}, §17) of the rows that made each active resource
 * what it is, and Change Lists (§12) of every journal row, one per UTC day of collection and part of at most
 * {@code listSize} ({@code changes/{day}/{part}.xml}, with {@code from}/{@code until}), behind a Change List Index.
 * A part is closed — immutable — once full or once a later day has rows. Every entry's {@code loc} is the resource's
 * URL of ours ({@link ResourcePaths}), with {@code lastmod} and {@code datetime} our collection time, {@code rs:md}
 * hash (md5 and sha-256), length and type, {@code rs:ln rel="via"} to the original URL and {@code describedby} to
 * metadata. Dates come from the journal, never the clock.
 */
final class ResourceSyncSource implements DocumentFamily {
    static final String WELL_KNOWN = ".well-known/resourcesync";
    static final String TYPE = "application/xml";

    PublishSettings settings() {
        return settings;
    }

    Journal journal() {
        return journal;
    }
    private static final String ROOT = "resourcesync/";

    private final PublishSettings settings;
    private final Journal journal;
    private final org.lexsync.engine.store.Resources resources;
    private final List<String> sources;
    private final String fingerprint;
    private final ChangeParts changeParts;

    ResourceSyncSource(PublishSettings settings, Journal journal, org.lexsync.engine.store.Resources resources,
                       List<String> sources, String fingerprint) {
        this.settings = settings;
        this.journal = journal;
        this.resources = resources;
        this.sources = List.copyOf(sources);
        this.fingerprint = fingerprint;
        this.changeParts = new ChangeParts(journal, settings.listSize());
    }

    /** The set directories: {@code all} and one per source. */
    List<String> setPrefixes() {
        List<String> out = new ArrayList<>();
        out.add(ROOT + "all/");
        for (String s : sources) {
            out.add(ROOT + "source/" + s + "/");
        }
        return out;
    }

    @Nullable String scopeOf(String setPrefix) {
        return setPrefix.equals(ROOT + "all/") ? null : setPrefix.substring((ROOT + "source/").length(),
                setPrefix.length() - 1);
    }

    @Override
    public boolean owns(String path) {
        return path.equals(WELL_KNOWN) || path.startsWith(ROOT);
    }

    /** Every document path, for the exporter (Resource List and Change List parts included). */
    List<String> paths() {
        List<String> out = new ArrayList<>();
        out.add(WELL_KNOWN);
        for (String set : setPrefixes()) {
            @Nullable String scope = scopeOf(set);
            out.add(set + "capabilitylist.xml");
            out.add(set + "resourcelist.xml");
            long parts = resourceListParts(scope);
            if (parts > 1) {
                for (long n = 1; n <= parts; n++) {
                    out.add(set + "resourcelist/" + n + ".xml");
                }
            }
            out.add(set + "changelist.xml");
            for (ChangePart p : changeParts(scope)) {
                out.add(set + p.path());
            }
        }
        return out;
    }

    /**
     * The journal sequence number whose row closed the document at {@code path} (a Change List part), or
     * {@code Long.MAX_VALUE} when it is open or not a part: a file written by an export that had seen that row is
     * final.
     */
    long closedBySeq(String path) {
        for (String set : setPrefixes()) {
            if (path.startsWith(set)) {
                for (ChangePart p : changeParts(scopeOf(set))) {
                    if (path.equals(set + p.path()) && p.closed()) {
                        return p.closedBySeq();
                    }
                }
            }
        }
        return Long.MAX_VALUE;
    }

    /** Every document; a closed one a previous export wrote (with the same settings) is left as it is. */
    @Override
    public void export(Exporter export) throws IOException {
        for (String path : paths()) {
            PublishedDocument doc = document(path).orElseThrow();
            if (!doc.immutable() || !export.alreadyExported(path, closedBySeq(path))) {
                export.submit(doc);
            }
        }
    }

    @Override
    public Optional<PublishedDocument> document(String path) {
        long last = journal.lastSeq();
        Instant newest = newest(null);
        if (path.equals(WELL_KNOWN)) {
            return Optional.of(doc(path, "description", last, newest, false, out -> description(out, newest)));
        }
        for (String set : setPrefixes()) {
            if (!path.startsWith(set)) {
                continue;
            }
            @Nullable String scope = scopeOf(set);
            String rest = path.substring(set.length());
            if (rest.equals("capabilitylist.xml")) {
                return Optional.of(doc(path, "capabilitylist", last, newest, false, out -> capabilityList(out, set)));
            }
            if (rest.equals("resourcelist.xml")) {
                long parts = resourceListParts(scope);
                Instant at = newest(scope);
                if (parts <= 1) {
                    return Optional.of(doc(path, "resourcelist", last, at, false, out -> resourceList(out, set, scope,
                            0, 0, at)));
                }
                return Optional.of(doc(path, "resourcelistindex", last, at, false, out -> resourceListIndex(out, set,
                        parts, at)));
            }
            if (rest.startsWith("resourcelist/") && rest.endsWith(".xml")) {
                long n = number(rest.substring("resourcelist/".length(), rest.length() - 4));
                long parts = resourceListParts(scope);
                if (n < 1 || n > parts || parts <= 1) {
                    return Optional.empty();
                }
                Instant at = newest(scope);
                return Optional.of(doc(path, "resourcelist-part", last, at, false, out -> resourceList(out, set, scope,
                        (n - 1) * settings.listSize(), settings.listSize(), at)));
            }
            if (rest.equals("changelist.xml")) {
                List<ChangePart> parts = changeParts(scope);
                return Optional.of(doc(path, "changelistindex", last, newest(scope), false,
                        out -> changeListIndex(out, set, parts)));
            }
            for (ChangePart p : changeParts(scope)) {
                if (rest.equals(p.path())) {
                    return Optional.of(new PublishedDocument(path, TYPE, Etags.of("changelist", path,
                            Long.toString(p.lastSeq()), Long.toString(p.count()), Boolean.toString(p.closed()),
                            fingerprint), p.lastCollected(), p.closed(), out -> changeList(out, set, scope, p)));
                }
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    private PublishedDocument doc(String path, String kind, long lastSeq, Instant modified, boolean immutable,
                                  PublishedDocument.Body body) {
        return new PublishedDocument(path, TYPE, Etags.of(kind, path, Long.toString(lastSeq), fingerprint), modified,
                immutable, body);
    }

    // --- Source Description and Capability Lists (§11, §9) ---

    private void description(OutputStream out, Instant newest) {
        RsMetadata md = RsMetadata.builder().capability(Capability.DESCRIPTION).build();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET, md,
                List.of(RsLink.of("describedby", settings.url("feed/current.atom")))))) {
            for (String set : setPrefixes()) {
                w.write(SitemapEntry.of(settings.url(set + "capabilitylist.xml"))
                        .withMd(RsMetadata.builder().capability(Capability.CAPABILITYLIST).build()));
            }
        }
    }

    private void capabilityList(OutputStream out, String set) {
        RsMetadata md = RsMetadata.builder().capability(Capability.CAPABILITYLIST).build();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET, md,
                List.of(RsLink.of("up", settings.url(WELL_KNOWN)))))) {
            w.write(SitemapEntry.of(settings.url(set + "resourcelist.xml"))
                    .withMd(RsMetadata.builder().capability(Capability.RESOURCELIST).build()));
            w.write(SitemapEntry.of(settings.url(set + "changelist.xml"))
                    .withMd(RsMetadata.builder().capability(Capability.CHANGELIST).build()));
            w.write(SitemapEntry.of(settings.url(set + "resourcedump.xml"))
                    .withMd(RsMetadata.builder().capability(Capability.RESOURCEDUMP).build()));
            w.write(SitemapEntry.of(settings.url(set + "changedump.xml"))
                    .withMd(RsMetadata.builder().capability(Capability.CHANGEDUMP).build()));
        }
    }

    // --- Resource List (§10) ---

    private long resourceListParts(@Nullable String scope) {
        long n = resources.count(scope, false);
        return Math.max(1, (n + settings.listSize() - 1) / settings.listSize());
    }

    private void resourceListIndex(OutputStream out, String set, long parts, Instant at) {
        RsMetadata md = RsMetadata.builder().capability(Capability.RESOURCELIST).at(W3cDateTime.of(at))
                .completed(W3cDateTime.of(at)).build();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.SITEMAPINDEX, md,
                List.of(RsLink.of("up", settings.url(set + "capabilitylist.xml")))))) {
            for (long n = 1; n <= parts; n++) {
                w.write(SitemapEntry.of(settings.url(set + "resourcelist/" + n + ".xml")));
            }
        }
    }

    private void resourceList(OutputStream out, String set, @Nullable String scope, long offset, long limit,
                              Instant at) {
        RsMetadata md = RsMetadata.builder().capability(Capability.RESOURCELIST).at(W3cDateTime.of(at))
                .completed(W3cDateTime.of(at)).build();
        List<RsLink> links = new ArrayList<>();
        links.add(RsLink.of("up", settings.url(set + "capabilitylist.xml")));
        if (limit > 0) {
            links.add(RsLink.of("index", settings.url(set + "resourcelist.xml")));
        }
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET, md, links))) {
            long after = offset > 0 && limit > 0 ? partStart(scope, offset) : -1;
            if (after >= 0) {
                journal.forEachCurrentVersionAfter(scope, after, limit, v -> w.write(entry(v, null)));
            } else {
                journal.forEachCurrentVersion(scope, offset, limit, v -> w.write(entry(v, null)));
            }
        }
    }

    /** Per scope, the sequence number before each Resource List part (a part's rows follow it), per journal state. */
    private final java.util.Map<String, PartStarts> partStarts = new java.util.concurrent.ConcurrentHashMap<>();

    private record PartStarts(long lastSeq, long[] before) {
    }

    /**
     * The sequence number of the current row at position {@code offset - 1} (a multiple of {@code listSize} less
     * one), found in an index built with one pass over the scope's current sequence numbers per journal state, or -1
     * (then the part is read with an OFFSET).
     */
    private long partStart(@Nullable String scope, long offset) {
        int size = settings.listSize();
        if (offset % size != 0) {
            return -1;
        }
        long last = journal.lastSeq();
        String key = scope == null ? "" : "s:" + scope;
        PartStarts p = partStarts.get(key);
        if (p == null || p.lastSeq() != last) {
            List<Long> before = new ArrayList<>();
            long[] n = {0};
            journal.forEachCurrentSeq(scope, seq -> {
                if (++n[0] % size == 0) {
                    before.add(seq);
                }
            });
            p = new PartStarts(last, before.stream().mapToLong(Long::longValue).toArray());
            partStarts.put(key, p);
        }
        int i = (int) (offset / size) - 1;
        return i < p.before().length ? p.before()[i] : -1;
    }

    // --- Change Lists (§12), one per day and part ---

    /**
     * One Change List: {@code count} rows of one day, the first {@code firstSeq} and the last {@code lastSeq}, in
     * journal order ({@code skip} rows of the day come before it).
     */
    record ChangePart(String day, int part, long firstSeq, long skip, long count, long lastSeq, Instant firstCollected,
                      Instant lastCollected, boolean closed, long closedBySeq) {
        String path() {
            return "changes/" + day + "/" + part + ".xml";
        }
    }

    /** The Change List parts of a scope, oldest first, as the journal ends now ({@link ChangeParts}). */
    List<ChangePart> changeParts(@Nullable String scope) {
        return changeParts.of(scope);
    }

    /** Streams the rows of one Change List part in journal order. */
    void partRows(@Nullable String scope, ChangePart p, java.util.function.Consumer<JournalVersion> visitor) {
        java.util.function.Predicate<Instant> inDay = inDay(p.day());
        journal.forEachVersionSince(p.firstSeq() - 1, scope, p.lastSeq() - p.firstSeq() + 1, v -> {
            if (v.entry().seq() <= p.lastSeq() && inDay.test(v.entry().collected())) {
                visitor.accept(v);
            }
        });
    }

    /**
     * Whether a collection time falls on {@code day} (its {@link Instant#toString()} starts with it): a comparison
     * with the day's bounds when the day is a plain {@code yyyy-mm-dd}, else the text itself.
     */
    static java.util.function.Predicate<Instant> inDay(String day) {
        if (day.length() == 10 && day.charAt(0) != '+' && day.charAt(0) != '-') {
            try {
                Instant start = dayStart(day);
                Instant end = start.plus(java.time.Duration.ofDays(1));
                return t -> !t.isBefore(start) && t.isBefore(end);
            } catch (java.time.DateTimeException notADay) {
                // fall through to the text
            }
        }
        return t -> t.toString().startsWith(day);
    }

    private static Instant dayStart(String day) {
        return LocalDate.parse(day).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private void changeListIndex(OutputStream out, String set, List<ChangePart> parts) {
        Instant from = parts.isEmpty() ? Instant.EPOCH : dayStart(parts.get(0).day());
        RsMetadata md = RsMetadata.builder().capability(Capability.CHANGELIST).from(W3cDateTime.of(from)).build();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.SITEMAPINDEX, md,
                List.of(RsLink.of("up", settings.url(set + "capabilitylist.xml")))))) {
            for (ChangePart p : parts) {
                w.write(SitemapEntry.of(settings.url(set + p.path())).withMd(partMd(p)));
            }
        }
    }

    RsMetadata partMd(ChangePart p) {
        RsMetadata.Builder b = RsMetadata.builder().capability(Capability.CHANGELIST)
                .from(W3cDateTime.of(p.part() == 1 ? dayStart(p.day()) : p.firstCollected()));
        if (p.closed()) {
            b.until(W3cDateTime.of(p.count() == settings.listSize() ? p.lastCollected()
                    : dayStart(p.day()).plus(java.time.Duration.ofDays(1))));
        }
        return b.build();
    }

    private void changeList(OutputStream out, String set, @Nullable String scope, ChangePart p) {
        List<RsLink> links = List.of(RsLink.of("up", settings.url(set + "capabilitylist.xml")),
                RsLink.of("index", settings.url(set + "changelist.xml")));
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET, partMd(p), links))) {
            partRows(scope, p, v -> w.write(entry(v, v.entry().kind())));
        }
    }

    // --- entries ---

    /** One entry of a Resource List ({@code change} null) or Change List. */
    private SitemapEntry entry(JournalVersion v, @Nullable ChangeKind change) {
        return entry(v, change, null);
    }

    /** One entry of a list or, with the bitstream's {@code path} in its package, of a dump manifest (§11.2, §13.2). */
    SitemapEntry entry(JournalVersion v, @Nullable ChangeKind change, @Nullable String path) {
        String loc = settings.url(ResourcePaths.path(v.entry().sourceId(), v.entry().resourceUri()));
        W3cDateTime at = W3cDateTime.of(v.entry().collected());
        RsMetadata.Builder md = RsMetadata.builder().datetime(at).path(path);
        if (change != null) {
            md.change(switch (change) {
                case CREATED -> ChangeType.CREATED;
                case UPDATED -> ChangeType.UPDATED;
                case DELETED -> ChangeType.DELETED;
            });
        }
        List<RsLink> links = new ArrayList<>();
        RepresentationState primary = primary(v.representations());
        if (primary != null) {
            Digests hash = HashAttributes.md5AndSha256(primary.md5(), primary.sha256());
            md.hash(hash).length(primary.length()).type(primary.mediaType());
            if (primary.url() != null) {
                links.add(RsLink.of("via", primary.url().toString()));
            }
            links.add(RsLink.of("duplicate", settings.url(BlobPaths.path(primary.sha256()))).withPri(1));
        } else if (change != ChangeKind.DELETED && !v.entry().checksums().isEmpty()) {
            md.hash(v.entry().checksums());
        }
        for (RepresentationState r : v.representations()) {
            if (r.role() == RepresentationRole.METADATA && r != primary) {
                links.add(RsLink.of("describedby", settings.url(BlobPaths.path(r.sha256()))).withType(r.mediaType())
                        .withLength(r.length()));
            }
        }
        return SitemapEntry.of(loc).withLastmod(at).withMd(md.build()).withLinks(links);
    }

    private static @Nullable RepresentationState primary(List<RepresentationState> reps) {
        for (RepresentationState r : reps) {
            if (r.role() == RepresentationRole.PRIMARY) {
                return r;
            }
        }
        return reps.isEmpty() ? null : reps.get(0);
    }

    /** The collection time of the newest row of a scope (the epoch for none): the {@code at} of snapshots. */
    Instant newest(@Nullable String scope) {
        long seq = journal.maxSeq(scope);
        if (seq == 0) {
            return Instant.EPOCH;
        }
        Instant[] at = {Instant.EPOCH};
        journal.forEachSince(seq - 1, scope, 1, e -> at[0] = e.collected());
        return at[0];
    }

    private static long number(String s) {
        if (s.isEmpty() || s.length() > 9 || s.startsWith("0") || !s.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(s);
    }

}
