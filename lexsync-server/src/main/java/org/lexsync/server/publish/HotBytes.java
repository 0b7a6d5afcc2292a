package org.lexsync.server.publish;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PublishedDocument;

/**
 * The bytes of hot small stored documents (harvested, ingested: {@code /blob/sha256/…}, {@code /resource/…}), kept in
 * memory by content address so that a request for them reads neither the database nor a file nor the object store.
 * The key is the SHA-256 of the bytes (their ETag), so an entry is never stale: other bytes have another key. Bounded
 * by the total bytes held ({@code budget}, least recently used out first, Caffeine's W-TinyLFU); documents larger
 * than {@code entryMax} are not kept and stream from their tier as before (the first read of one stops at
 * {@code entryMax} bytes and the key is remembered as large, so it is not read twice again). A budget of 0 keeps
 * nothing.
 */
final class HotBytes {
    /** Bytes held when the configuration says nothing: 64 MiB. */
    static final long DEFAULT_BUDGET = 64L * 1024 * 1024;
    /** The largest document kept when the configuration says nothing: 256 KiB (larger ones stream). */
    static final int DEFAULT_ENTRY_MAX = 256 * 1024;
    private static final int LARGE_KEYS = 4096;

    private final long budget;
    private final int entryMax;
    private final Cache<String, KeptBody> bodies;
    private final Cache<String, Boolean> large;
    private final LongAdder hits = new LongAdder();
    private final LongAdder loads = new LongAdder();

    HotBytes(long budget, int entryMax) {
        if (budget < 0 || entryMax < 0) {
            throw new IllegalArgumentException("a negative budget or entry size: " + budget + ", " + entryMax);
        }
        this.budget = budget;
        this.entryMax = (int) Math.min(entryMax, budget);
        this.bodies = Caffeine.newBuilder().maximumWeight(budget)
                .weigher((String k, KeptBody b) -> (int) Math.min(Integer.MAX_VALUE, b.weight())).build();
        this.large = Caffeine.newBuilder().maximumSize(LARGE_KEYS).build();
    }

    /**
     * The kept bytes with content address {@code key} (the SHA-256 the document's ETag names), read through
     * {@code body} when not held yet; null when they are larger than an entry may be, or nothing is kept (stream them).
     */
    @Nullable KeptBody body(String key, PublishedDocument.Body body) throws IOException {
        if (entryMax == 0) {
            return null;
        }
        KeptBody held = bodies.getIfPresent(key);
        if (held != null) {
            hits.increment();
            return held;
        }
        if (large.getIfPresent(key) != null) {
            return null;
        }
        try {
            return bodies.get(key, k -> load(k, body));   // one read per key at a time (Caffeine's single flight)
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private @Nullable KeptBody load(String key, PublishedDocument.Body body) {
        Capped out = new Capped(entryMax);
        try {
            body.writeTo(out);
        } catch (Capped.Full full) {
            large.put(key, Boolean.TRUE);
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        loads.increment();
        return new KeptBody(out.bytes, out.count);
    }

    /** Counts a gzip form made after the bytes were kept (the entry is weighed again), within the budget. */
    void reweigh(String key, KeptBody b, long before) {
        if (before != b.weight()) {
            bodies.asMap().replace(key, b, b);
        }
    }

    /** Bytes held now (plain and gzip forms). */
    long used() {
        bodies.cleanUp();
        return bodies.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    /** The most bytes held. */
    long budget() {
        return budget;
    }

    /** Requests answered from the bytes held. */
    long hits() {
        return hits.sum();
    }

    /** Documents read from their tier and kept. */
    long loads() {
        return loads.sum();
    }

    /** An output stream into memory that refuses to hold more than its cap. */
    private static final class Capped extends OutputStream {
        private final int cap;
        private byte[] bytes = new byte[4096];
        private int count;

        /** Thrown at the first byte beyond the cap; stops the read (no trace: it is a decision, not a failure). */
        static final class Full extends RuntimeException {
            Full() {
                super("larger than an entry may be", null, false, false);
            }
        }

        Capped(int cap) {
            this.cap = cap;
        }

        @Override
        public void write(int b) {
            room(1);
            bytes[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            room(len);
            System.arraycopy(b, off, bytes, count, len);
            count += len;
        }

        private void room(int more) {
            long need = (long) count + more;
            if (need > cap) {
                throw new Full();
            }
            if (need > bytes.length) {
                bytes = Arrays.copyOf(bytes, (int) Math.min(cap, Math.max(need, 2L * bytes.length)));
            }
        }
    }
}
