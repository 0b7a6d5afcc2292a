package org.lexsync.server.publish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishedDocument;

/**
 * The rendered bytes of the published aggregate's textual documents (Atom feeds and archives, ResourceSync documents,
 * ELI Sitemap and feed), so that a request does not project the journal again while it stands still. A copy is
 * served while the journal head (as the caller knows it: read again only after {@link StoreChanges} saw a write) is
 * the one it was made at; a closed (immutable) document for as long as its publication; when the head moved, the document is looked up
 * again (its ETag is known without rendering) and the copy kept if the ETag is unchanged, rendered again otherwise.
 * Concurrent requests for a document being rendered wait for that one rendering. Bytes and gzip forms are held
 * within a budget, least recently used first out; a document larger than half the budget is served but not kept.
 * They live in direct buffers, outside the heap: the JVM's direct memory limit is the maximum heap size unless set,
 * and the default budget is at most a quarter of that.
 * Blobs and resource files (already stored bytes) and anything not textual (dump packages) are streamed, not kept.
 */
final class DocumentCache {
    /** The default budget: 256 MB, or a quarter of the heap when that is less. */
    static final long DEFAULT_BUDGET = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);
    private static final int STRIPES = 64;

    private final long budget;
    private final LinkedHashMap<String, CachedDocument> documents = new LinkedHashMap<>(64, 0.75f, true);
    private long used;
    private final ReentrantLock[] rendering = new ReentrantLock[STRIPES];

    DocumentCache(long budget) {
        this.budget = budget;
        for (int i = 0; i < STRIPES; i++) {
            rendering[i] = new ReentrantLock();
        }
    }

    /** What to answer a request with: the document's headers and, when kept, its bytes (else stream its body). */
    record Answer(PublishedDocument doc, @Nullable CachedDocument cached) {
    }

    /** True for the paths whose documents are projections worth keeping (not stored bytes). */
    static boolean covers(String path) {
        return !path.startsWith("blob/") && !path.startsWith("resource/");
    }

    /**
     * The document {@code p} publishes at {@code path} (no leading slash) while the journal ends at {@code head}, or
     * empty when there is none.
     */
    Optional<Answer> answer(Publication p, String path, long head) throws IOException {
        if (!covers(path)) {
            return p.document(path).map(d -> new Answer(d, null));
        }
        CachedDocument c = get(path);
        if (c != null && c.validAt(p, head)) {
            return Optional.of(new Answer(c.doc(), c));
        }
        ReentrantLock lock = rendering[Math.floorMod(path.hashCode(), STRIPES)];
        lock.lock();
        try {
            c = get(path);
            if (c != null && c.validAt(p, head)) {
                return Optional.of(new Answer(c.doc(), c));
            }
            Optional<PublishedDocument> found = p.document(path);
            if (found.isEmpty()) {
                remove(path);
                return Optional.empty();
            }
            PublishedDocument d = found.get();
            if (c != null && c.sameAs(p, d.etag())) {
                c.seenAt(head);
                return Optional.of(new Answer(c.doc(), c));
            }
            if (!PublishRoutes.textual(d.contentType())) {
                return Optional.of(new Answer(d, null));
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
            d.body().writeTo(out);
            CachedDocument fresh = new CachedDocument(p, d, out.toByteArray(), head);
            put(path, fresh);
            return Optional.of(new Answer(d, fresh));
        } finally {
            lock.unlock();
        }
    }

    /** Forgets every copy (the publication was made again). */
    synchronized void clear() {
        documents.clear();
        used = 0;
    }

    /** Bytes held now (plain and gzip forms). */
    synchronized long used() {
        return used;
    }

    /** Counts a gzip form made after the copy was kept, and evicts to stay within the budget. */
    synchronized void reweigh(String path, CachedDocument c, long before) {
        if (documents.get(path) == c) {
            used += c.weight() - before;
            evict();
        }
    }

    private synchronized @Nullable CachedDocument get(String path) {
        return documents.get(path);
    }

    private synchronized void remove(String path) {
        CachedDocument old = documents.remove(path);
        if (old != null) {
            used -= old.weight();
        }
    }

    private synchronized void put(String path, CachedDocument c) {
        remove(path);
        if (c.weight() > budget / 2) {
            return;
        }
        documents.put(path, c);
        used += c.weight();
        evict();
    }

    private void evict() {
        Iterator<Map.Entry<String, CachedDocument>> it = documents.entrySet().iterator();
        while (used > budget && it.hasNext()) {
            used -= it.next().getValue().weight();
            it.remove();
        }
    }
}
