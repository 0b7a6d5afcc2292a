package org.lexsync.engine.publish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ExportReport;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.NoSuchBlobException;

/**
 * The static export (docs/architecture.md, "Publishing the aggregate"): one pass over each feed's rows from its first
 * archive not yet on disk, each closed archive written once (temp file, then an atomic rename), the subscription
 * document rewritten only when its bytes changed, and every file the entries point at copied once by content
 * address. A marker file holds the settings' fingerprint: other settings (another base URL) write everything anew.
 * Closed archives, ResourceSync and ELI documents and resource files are written by a {@link WriterPool} (the cores,
 * at most 4) while this thread reads on; the marker is written after all of them. Each {@link DocumentFamily} says
 * what of it is written ({@link DocumentFamily#export}), with the primitives here.
 */
final class Exporter {
    static final String MARKER = ".lexsync-publish";

    private final Path dir;
    /** In the order they are exported: the feeds (which copy the blobs), then documents, then dumps. */
    private final List<DocumentFamily> families;
    private final BlobDocuments blobs;
    private final JournalView journal;
    private final String fingerprint;
    private final org.lexsync.engine.store.Journal rawJournal;
    private final java.util.concurrent.atomic.AtomicLong written = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong unchanged = new java.util.concurrent.atomic.AtomicLong();
    private long entries;
    /** Writes closed archives and other independent documents while the journal is read on (WriterPool). */
    private WriterPool writers;
    /** True when the previous export was made with the same settings (its marker holds the fingerprint). */
    private boolean same;
    /** The journal sequence number the previous export covered, -1 when none counts. */
    private long exportedUpTo;
    private long lastSeq;

    Exporter(Path dir, List<DocumentFamily> families, BlobDocuments blobs, JournalView journal, String fingerprint,
             org.lexsync.engine.store.Journal rawJournal) {
        this.dir = dir;
        this.families = List.copyOf(families);
        this.blobs = blobs;
        this.journal = journal;
        this.fingerprint = fingerprint;
        this.rawJournal = rawJournal;
    }

    ExportReport run() {
        try (WriterPool pool = WriterPool.forCores()) {
            writers = pool;
            Files.createDirectories(dir);
            Path marker = dir.resolve(MARKER);
            List<String> lines = Files.exists(marker) ? Files.readAllLines(marker, StandardCharsets.UTF_8) : List.of();
            same = lines.size() == 2 && lines.get(0).strip().equals(fingerprint);
            exportedUpTo = same ? Long.parseLong(lines.get(1).strip()) : -1;
            lastSeq = journal.lastSeq();
            for (DocumentFamily family : families) {
                family.export(this);
            }
            pool.await();
            Files.writeString(marker, fingerprint + "\n" + lastSeq + "\n", StandardCharsets.UTF_8);
            return new ExportReport(written.get(), unchanged.get(), entries, lastSeq);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot export to " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The export directory. */
    Path dir() {
        return dir;
    }

    /** Writes {@code doc} on a writer thread (only when its bytes differ from the file there). */
    void submit(PublishedDocument doc) throws IOException {
        writers.submit(() -> writeDocument(doc));
    }

    /** Waits for every document submitted so far to be written. */
    void settle() throws IOException {
        writers.await();
    }

    /**
     * True, and counted unchanged, when the closed document at {@code path} (closed by journal row {@code closedBySeq})
     * was written by a previous export with the same settings and is still there.
     */
    boolean alreadyExported(String path, long closedBySeq) {
        if (same && closedBySeq <= exportedUpTo && Files.exists(target(path))) {
            unchanged.incrementAndGet();
            return true;
        }
        return false;
    }

    /** Counts files written by a family's own writer (the dump packages). */
    void countWritten(long files) {
        written.addAndGet(files);
    }

    /** Writes one Atom feed ({@link AtomArchiveFeed#export}). */
    void feed(AtomArchiveFeed feed) throws IOException {
        exportFeed(feed, same, exportedUpTo);
    }

    /** Writes the resource files that changed since the previous export ({@link ResourceDocuments#export}). */
    void resources(ResourceDocuments resourceDocuments) throws IOException {
        exportResources(resourceDocuments, exportedUpTo, lastSeq);
    }

    /**
     * Writes one feed: its closed archives from the first one not on disk yet, then the subscription document, at
     * {@code current.atom} and at the address of the archive it will become ({@link AtomArchiveFeed}).
     * {@code exportedUpTo} is the journal sequence number the previous export covered.
     */
    private void exportFeed(AtomArchiveFeed feed, boolean keepClosed, long exportedUpTo) throws IOException {
        int size = feed.archiveSize();
        JournalView.Scope rows = journal.at(feed.scope());
        long total = rows.count();
        long closed = total / size;
        entries = Math.max(entries, total);
        long first = 1;
        if (keepClosed) {
            while (first <= closed && Files.exists(target(feed.archivePath(first)))) {
                first++;
            }
            // the last archive found may be the copy of the subscription document the previous export wrote at the
            // address of the archive it would become: written again if its last row came after that export
            if (first > 1 && rows.seqAt((first - 1) * size - 1) > exportedUpTo) {
                first--;
            }
            unchanged.addAndGet(first - 1);
        }
        long from = (first - 1) * size;
        List<List<JournalView.HeldRow>> chunk = new ArrayList<>(List.of(new ArrayList<>(size)));
        long[] n = {first};
        boolean aggregate = feed.scope() == null;
        IOException[] failure = new IOException[1];
        rows.heldRows(from, total - from, row -> {
            if (failure[0] != null) {
                return;
            }
            try {
                if (aggregate) {
                    copyBlobs(row.version());
                }
                List<JournalView.HeldRow> archive = chunk.get(0);
                archive.add(row);
                if (archive.size() == size) {
                    long number = n[0];
                    writers.submit(() -> writeClosed(feed, number, closed, archive));
                    chunk.set(0, new ArrayList<>(size));
                    n[0]++;
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        List<JournalView.HeldRow> rest = chunk.get(0);
        Instant updated = rest.isEmpty() ? lastUpdated(rows, feed, closed)
                : rest.get(rest.size() - 1).version().entry().collected();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        feed.write(bytes, rest, 0, closed, updated);
        writeIfChanged(feed.currentPath(), bytes.toByteArray());
        writeIfChanged(feed.archivePath(closed + 1), bytes.toByteArray());
    }

    /**
     * Each resource's current bytes at its URL of ours: all active resources the first time, else the resources
     * of the rows after the previous export (a deleted one's file removed).
     */
    private void exportResources(ResourceDocuments resourceDocuments, long after, long upTo) throws IOException {
        IOException[] failure = new IOException[1];
        java.util.function.Consumer<JournalVersion> one = v -> {
            if (failure[0] != null) {
                return;
            }
            try {
                String path = ResourcePaths.path(v.entry().sourceId(), v.entry().resourceUri());
                java.util.Optional<PublishedDocument> doc = resourceDocuments.document(path);
                if (doc.isPresent()) {
                    writers.submit(() -> writeDocument(doc.get()));
                } else if (Files.deleteIfExists(target(path))) {
                    written.incrementAndGet();
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        };
        if (after < 0) {
            rawJournal.forEachCurrentVersion(null, 0, 0, one);
        } else if (after < upTo) {
            rawJournal.forEachVersionSince(after, null, upTo - after, one);
        }
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    /** Writes a document through a temp file, replacing the target only when the bytes differ. */
    private void writeDocument(PublishedDocument doc) throws IOException {
        Path target = target(doc.path());
        Path tmp = temp(target);
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
            if (doc.body() instanceof BlobBody stored) {
                stored.writeWithoutCachingTo(out);   // one pass over every file: keep the node's blob cache for reads
            } else {
                doc.body().writeTo(out);
            }
        }
        if (Files.exists(target) && Files.mismatch(tmp, target) == -1) {
            Files.delete(tmp);
            unchanged.incrementAndGet();
            return;
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        written.incrementAndGet();
    }

    /** The subscription document's date when it holds no rows: the newest closed archive's, or the epoch. */
    private Instant lastUpdated(JournalView.Scope rows, AtomArchiveFeed feed, long closed) {
        if (closed == 0) {
            return Instant.EPOCH;
        }
        return rows.stamp(closed * feed.archiveSize() - 1).map(JournalView.Stamp::collected)
                .orElse(Instant.EPOCH);
    }

    private void writeClosed(AtomArchiveFeed feed, long n, long closed, List<JournalView.HeldRow> rows)
            throws IOException {
        Path target = target(feed.archivePath(n));
        Instant updated = rows.get(rows.size() - 1).version().entry().collected();
        Path tmp = temp(target);
        try (OutputStream out = Files.newOutputStream(tmp)) {
            feed.write(out, rows, n, closed, updated);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        written.incrementAndGet();
    }

    /** Writes {@code bytes} at {@code path} unless the file there holds them already. */
    void writeIfChanged(String path, byte[] bytes) throws IOException {
        Path target = target(path);
        if (Files.exists(target) && Arrays.equals(Files.readAllBytes(target), bytes)) {
            unchanged.incrementAndGet();
            return;
        }
        Path tmp = temp(target);
        Files.write(tmp, bytes);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        written.incrementAndGet();
    }

    /** Copies every file of a row once by content address; a blob the store no longer holds (gc) is skipped. */
    private void copyBlobs(JournalVersion v) throws IOException {
        for (RepresentationState r : v.representations()) {
            Path target = target(BlobPaths.path(r.sha256()));
            if (Files.exists(target)) {
                continue;
            }
            Path tmp = temp(target);
            try (InputStream in = blobs.openWithoutCaching(new BlobKey(r.sha256()))) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            } catch (NoSuchBlobException gone) {
                Files.deleteIfExists(tmp);
                continue;
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            written.incrementAndGet();
        }
    }

    private Path target(String path) {
        Path p = dir.resolve(path).normalize();
        if (!p.startsWith(dir.normalize())) {
            throw new IllegalArgumentException("published path leaves the export directory: " + path);
        }
        return p;
    }

    /**
     * Directories made (or found) in this export, so that a million files do not stat their parents a million times;
     * a directory is added once it exists, so a writer thread never writes into one another is still making.
     */
    private final java.util.Set<Path> made = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private Path temp(Path target) throws IOException {
        Path parent = target.getParent();
        if (!made.contains(parent)) {
            Files.createDirectories(parent);
            made.add(parent);
        }
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }
}
