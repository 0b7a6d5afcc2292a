package org.lexsync.server.publish;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishedDocument;

/**
 * The rendered bytes of the published aggregate's textual documents (Atom feeds and archives, ResourceSync documents,
 * ELI Sitemap and feed), so that a request does not project the journal again while it stands still. A copy is
 * served while the journal head (as the caller knows it: read again only after {@link StoreChanges} saw a write) is
 * the one it was made at; a closed (immutable) document for as long as its publication; when the head moved, the document is looked up
 * again (its ETag is known without rendering) and the copy kept if the ETag is unchanged, rendered again otherwise.
 * Concurrent requests for a document being rendered wait for that one rendering (single flight: Caffeine's atomic
 * {@code compute} per path; a hit on a valid copy takes no lock). Bytes and gzip forms are held within a budget
 * (Caffeine, weighed by bytes, its size-based eviction choosing what goes out); a document larger than half the
 * budget is served but not kept.
 * They live in direct buffers, outside the heap: the JVM's direct memory limit is the maximum heap size unless set,
 * and the default budget is at most a quarter of that.
 * Blobs and resource files (already stored bytes) and anything not textual (dump packages) are streamed, not kept.
 */
final class DocumentCache {
    /** The default budget: 256 MB, or a quarter of the heap when that is less. */
    static final long DEFAULT_BUDGET = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);

    private final long budget;
    private final Cache<String, CachedDocument> documents;

    DocumentCache(long budget) {
        this.budget = budget;
        // maintenance (eviction) on the calling thread: what is held is settled when a request has been answered
        this.documents = Caffeine.newBuilder().maximumWeight(budget).executor(Runnable::run)
                .weigher((String path, CachedDocument c) -> (int) Math.min(Integer.MAX_VALUE, c.weight())).build();
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
        CachedDocument c = documents.getIfPresent(path);
        if (c != null && c.validAt(p, head)) {
            return Optional.of(new Answer(c.doc(), c));
        }
        Answer[] answer = new Answer[1];
        try {
            documents.asMap().compute(path, (key, old) -> {
                try {
                    return load(p, key, head, old, answer);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return Optional.ofNullable(answer[0]);
    }

    /**
     * Under the path's single-flight: sets {@code answer[0]} (left null when nothing is published there) and returns
     * what the cache keeps for the path afterwards (null keeps nothing).
     */
    private @Nullable CachedDocument load(Publication p, String path, long head, @Nullable CachedDocument old,
                                          Answer[] answer) throws IOException {
        if (old != null && old.validAt(p, head)) {
            answer[0] = new Answer(old.doc(), old);
            return old;
        }
        Optional<PublishedDocument> found = p.document(path);
        if (found.isEmpty()) {
            return null;
        }
        PublishedDocument d = found.get();
        if (old != null && old.sameAs(p, d.etag())) {
            // revalidated by its ETag, known without rendering: the copy is good at this head too
            old.seenAt(head);
            answer[0] = new Answer(old.doc(), old);
            return old;
        }
        if (!PublishRoutes.textual(d.contentType())) {
            answer[0] = new Answer(d, null);
            return old;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        d.body().writeTo(out);
        CachedDocument fresh = new CachedDocument(p, d, out.toByteArray(), head);
        answer[0] = new Answer(d, fresh);
        return fresh.weight() > budget / 2 ? null : fresh;
    }

    /** Forgets every copy (the publication was made again). */
    void clear() {
        documents.invalidateAll();
        documents.cleanUp();
    }

    /** Bytes held now (plain and gzip forms). */
    long used() {
        documents.cleanUp();
        return documents.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    /** Counts a gzip form made after the copy was kept (the copy is weighed again), within the budget. */
    void reweigh(String path, CachedDocument c, long before) {
        if (before != c.weight()) {
            documents.asMap().replace(path, c, c);
        }
    }
}
