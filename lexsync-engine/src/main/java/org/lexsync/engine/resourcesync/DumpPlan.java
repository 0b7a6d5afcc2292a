package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.ChangeType;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.harvest.UriSet;
import org.lexsync.engine.model.ChangeKind;

/**
 * Synchronisation from packaged bitstreams (ResourceSync §5.2): a Resource Dump for a baseline (§11) or a Change Dump
 * for incremental changes (§13). Packages are downloaded one at a time to disk, opened as {@link ZipPackage}s, and
 * their {@code manifest.xml} is streamed: each bitstream is extracted, checked against the manifest's length (and, when
 * it went to a temp file, its hashes), and handed to the applier as local bytes, which verifies every promised hash
 * before storing, so no resource is fetched again over HTTP.
 *
 * <p>What a package cannot give is taken from the resource's URI, the default way to its content (§5.1): a manifest
 * entry without a {@code path} (§13.2 requires one except for deletions), or one whose bitstream the package does not
 * hold, holds twice, holds corrupt, names unsafely or holds beyond the entry bounds — each with an error finding naming
 * the package and the path — but only when that URI is on the source's own origin or a configured mirror ({@link
 * DumpFallback}); otherwise the change fails as {@code foreign-origin} without a fetch. When that fetch fails too, that
 * resource fails alone (a Resource Dump is a snapshot, so the others go on and no checkpoint is stored; a Change Dump
 * stops there, docs/architecture.md, invariant 1). A bitstream that is there but does not match the manifest's hash or
 * length fails without a fetch (the applier verifies; the source contradicts itself). A package that is no readable
 * ZIP, has no manifest or expands beyond the package bound is refused as a whole ({@link DumpPackageException}). ZIP
 * entries the manifest does not name are ignored, with a finding. The next package downloads while the current one is
 * unpacked. Change Dump packages closed before the cursor are not downloaded; inside a package the cursor skips changes
 * an earlier run processed (§12.1).
 */
final class DumpPlan extends Plan implements BaselinePlan {
    private final SourceDocuments docs;
    private final EntryMapper mapper;
    private final DumpLimits limits;
    private final Path tempDir;
    private final URI set;
    private final URI root;
    private final boolean changeDump;
    private final CheckpointHolder holder;
    private final Deque<URI> dumps = new ArrayDeque<>();
    private final Deque<PackageRef> packageRefs = new ArrayDeque<>();
    private Prefetch prefetch;
    private ZipPackage pkg;
    private SitemapReader manifest;
    private URI manifestUri;
    private ChangeCursor cursor;
    private boolean started;
    private W3cDateTime at;
    private long packages;
    private final UriSet seen = new UriSet();
    private final EntryRepair repair;
    private final DumpFallback fallback;

    DumpPlan(SourceDocuments docs, EntryMapper mapper, DumpLimits limits, Path tempDir, URI set, URI root,
             boolean changeDump, CheckpointHolder holder) {
        this.docs = docs;
        this.mapper = mapper;
        this.limits = limits;
        this.tempDir = tempDir;
        this.set = set;
        this.root = root;
        this.changeDump = changeDump;
        this.holder = holder;
        this.repair = new EntryRepair(docs.findings());
        this.fallback = new DumpFallback(set, mapper.mirrors());
    }

    /** The Resource Dump's snapshot time ({@code at}, §11.1), known once planning started. */
    @Override
    public W3cDateTime at() {
        return at;
    }

    RsCheckpoint.SetState state() {
        return cursor == null ? holder.get(set) : cursor.state();
    }

    long packages() {
        return packages;
    }

    /** The resource URIs a Resource Dump's manifests list, for deleting what a repeated baseline no longer lists. */
    @Override
    public UriSet seen() {
        return seen;
    }

    @Override
    protected PlannedChange compute() {
        if (!started) {
            started = true;
            cursor = new ChangeCursor(holder.get(set));
            dumps.add(root);
        }
        while (true) {
            if (manifest != null) {
                if (manifest.hasNext()) {
                    // a manifest written by another tool gets the same repairs as a list (relative or unencoded loc)
                    PlannedChange c = plan(repair.repair(manifest.next(), manifestUri, pkg.url()));
                    if (c != null) {
                        return c;
                    }
                    continue;
                }
                String unlisted = pkg.unlisted();
                if (unlisted != null) {
                    // §11.2: the manifest describes the package's bitstreams; others are not the source's resources
                    docs.findings().warning("rs:" + section() + "/unlisted-entry", pkg.url() + ": " + unlisted, 0, 0);
                }
                closePackage();
            }
            if (packageRefs.isEmpty()) {
                if (dumps.isEmpty()) {
                    return null;
                }
                readDump(dumps.poll());
                continue;
            }
            openPackage(packageRefs.poll());
        }
    }

    /** A package listed by a dump document: its URL and what the listing promises about it. */
    private record PackageRef(URI url, RsMetadata md) {
    }

    /**
     * Reads a dump document whole (one small entry per package): index entries go to the dump queue, package
     * entries to the package queue, skipping Change Dump packages that end before the cursor.
     */
    private void readDump(URI uri) {
        try (SourceDocuments.Opened dump = docs.open(uri)) {
            checkDump(uri, dump.reader().header());
            while (dump.reader().hasNext()) {
                SitemapEntry e = dump.reader().next();
                if (e.loc() == null) {
                    continue;
                }
                URI url = dump.download().url().resolve(e.loc());
                if (dump.reader().header().isIndex()) {
                    dumps.add(url);
                    continue;
                }
                RsMetadata md = e.mdOrEmpty();
                W3cDateTime time = cursor.state().time();
                if (changeDump && md.until() != null && time != null
                        && md.until().toInstant().isBefore(time.toInstant())) {
                    continue;
                }
                packageRefs.add(new PackageRef(url, md));
            }
            docs.collect(dump.reader());
        }
    }

    private void checkDump(URI uri, SitemapHeader h) {
        Capability expected = changeDump ? Capability.CHANGEDUMP : Capability.RESOURCEDUMP;
        if (h.capability() != expected) {
            docs.findings().warning("rs:" + (changeDump ? "13.1" : "11.1") + "/capability", String.format(Locale.ROOT,
                    "%s: expected capability %s, found %s", uri, expected.token(),
                    h.md() == null ? "none" : h.md().capability()), h.line(), h.column());
        }
        if (at == null && !changeDump && h.md() != null) {
            at = h.md().at();
        }
    }

    /**
     * Opens the next package, downloaded while the previous one was being unpacked when possible, and
     * starts downloading the one after it, so that unpacking never waits for the network.
     */
    private void openPackage(PackageRef ref) {
        SourceDocuments.Download d = take(ref);
        PackageRef next = packageRefs.peek();
        if (next != null) {
            prefetch = new Prefetch(next, CompletableFuture.supplyAsync(() -> download(next),
                    r -> Thread.ofVirtual().name("lexsync-dump-prefetch").start(r)));
        }
        URI url = ref.url();
        packages++;
        pkg = ZipPackage.open(url, d.file(), limits);
        manifest = SitemapReader.open(pkg.manifest(), url + "!/" + ZipPackage.MANIFEST, docs.limits());
        manifestUri = URI.create(manifest.document());
        SitemapHeader h = manifest.header();
        Capability expected = changeDump ? Capability.CHANGEDUMP_MANIFEST : Capability.RESOURCEDUMP_MANIFEST;
        if (h.capability() != expected) {
            docs.findings().warning("rs:" + section() + "/capability", String.format(Locale.ROOT,
                    "%s: expected capability %s, found %s", manifest.document(), expected.token(),
                    h.md() == null ? "none" : h.md().capability()), h.line(), h.column());
        }
        for (String note : pkg.notes()) {
            docs.findings().warning("rs:" + section() + "/entry-name", url + ": " + note, 0, 0);
        }
        cursor.newDocument();
    }

    private SourceDocuments.Download download(PackageRef ref) {
        return docs.fetch(ref.url(), Expectation.of(mapper.select(ref.md().hash()), ref.md().length()));
    }

    private SourceDocuments.Download take(PackageRef ref) {
        Prefetch p = prefetch;
        prefetch = null;
        if (p == null || !p.ref().equals(ref)) {
            if (p != null) {
                p.discard();
            }
            return download(ref);
        }
        try {
            return p.download().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    /** A package download started ahead of its turn. */
    private record Prefetch(PackageRef ref, CompletableFuture<SourceDocuments.Download> download) {
        /** Deletes the download once it is there (it is not wanted any more). */
        void discard() {
            download.thenAccept(SourceDocuments.Download::close);
        }
    }

    private PlannedChange plan(SitemapEntry e) {
        PlannedChange c = planEntry(e);
        String path = e.mdOrEmpty().path();
        if ((c == null || c.isDelete()) && path != null && !path.isBlank()) {
            // skipped (done before, excluded) or deleted: its bitstream is listed all the same
            pkg.listed(path.strip());
        }
        return c;
    }

    private PlannedChange planEntry(SitemapEntry e) {
        URI base = pkg.url();
        URI uri = mapper.resourceUri(e, base);
        RsMetadata md = e.mdOrEmpty();
        ChangeKind kind = ChangeKind.CREATED;
        String checkpoint = null;
        if (changeDump) {
            W3cDateTime t = e.changeTime();
            if (cursor.outOfOrder(t)) {
                docs.findings().error("rs:13.2/forward-order", String.format(Locale.ROOT,
                        "%s: change of %s at %s is listed after a later change", manifest.document(), e.loc(), t),
                        e.line(), e.column());
            }
            if (cursor.seenBefore(t)) {
                return null;
            }
            cursor.take(t, uri == null ? null : uri.toString());
            if (uri == null || mapper.excluded(uri)) {
                return null;
            }
            ChangeType type = md.changeType() == null ? ChangeType.UPDATED : md.changeType();
            if (type == ChangeType.DELETED) {
                if (!mapper.deletes()) {
                    return null;
                }
                return mapper.delete(e, uri, holder.advance(set, cursor.state()));
            }
            kind = type == ChangeType.CREATED ? ChangeKind.CREATED : ChangeKind.UPDATED;
            checkpoint = holder.advance(set, cursor.state());
        } else {
            if (uri != null) {
                seen.add(uri.toString());
            }
            if (uri == null || mapper.excluded(uri)) {
                return null;
            }
        }
        if (md.path() == null || md.path().isBlank()) {
            return fallBack(e, uri, kind, checkpoint, "rs:" + section() + "/path",
                    String.format(Locale.ROOT, "%s: entry %s has no path", manifest.document(), e.loc()));
        }
        Digests expected = mapper.select(md.hash());
        ZipPackage.Extracted x;
        try {
            x = pkg.extract(md.path().strip(), tempDir, expected);
        } catch (DumpPackageException refused) {
            if (refused.refusesPackage()) {
                throw refused;
            }
            // the package cannot give this bitstream; the resource's URI is the default way to it (§5.1)
            return fallBack(e, uri, kind, checkpoint, "rs:" + section() + "/bitstream", refused.getMessage());
        }
        String mismatch = x.mismatch(expected, md.length());
        if (mismatch != null) {
            docs.findings().error("rs:" + section() + "/fixity", String.format(Locale.ROOT,
                    "%s: bitstream %s of %s does not match the manifest (%s)", pkg.url(), md.path(), e.loc(), mismatch),
                    e.line(), e.column());
        }
        return ordered(mapper.local(e, uri, base, kind, x.file(), x.bytes(), expected, checkpoint));
    }

    /**
     * The change for an entry the package cannot give ({@code why}): fetched from its {@code loc} when that is on
     * the source's origin or a configured mirror, else failing as {@code foreign-origin} without a fetch; either
     * way with an error finding.
     */
    private PlannedChange fallBack(SitemapEntry e, URI uri, ChangeKind kind, String checkpoint, String rule,
                                   String why) {
        if (fallback.allows(uri)) {
            docs.findings().error(rule, String.format(Locale.ROOT, "%s; %s is fetched from its loc instead", why,
                    e.loc()), e.line(), e.column());
            // a duplicate link inside a package is held to the same rule as the loc
            return ordered(mapper.upsert(e, uri, pkg.url(), kind, checkpoint, fallback::allows));
        }
        String refusal = fallback.refusal(uri, why);
        docs.findings().error(rule, refusal, e.line(), e.column());
        return ordered(mapper.unavailable(e, uri, pkg.url(), kind, "foreign-origin", refusal, checkpoint));
    }

    /** The section of the manifest this plan reads: §13.2 (Change Dump) or §11.2 (Resource Dump). */
    private String section() {
        return changeDump ? "13.2" : "11.2";
    }

    /** A Change Dump's changes keep their order (§13); a Resource Dump is a snapshot without one (§11). */
    private PlannedChange ordered(PlannedChange c) {
        return changeDump ? c : c.asUnordered();
    }

    private void closePackage() {
        if (manifest != null) {
            docs.collect(manifest);
            manifest.close();
            manifest = null;
        }
        if (pkg != null) {
            pkg.close();
            pkg = null;
        }
    }

    @Override
    public void close() {
        if (prefetch != null) {
            prefetch.discard();
            prefetch = null;
        }
        closePackage();
    }
}
