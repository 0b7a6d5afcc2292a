package org.lexsync.engine.publish;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.store.Journal;

/**
 * The journal as publishing reads it: rows of one scope (a source, or {@code null} for the whole aggregate) by
 * position, so that a document covering positions {@code [from, to)} is found without reading the rows before it.
 * Read only.
 */
final class JournalView {
    private final Journal journal;

    /** {@code step}: the archive size, the length of the index's blocks. */
    JournalView(Journal journal, int step) {
        this.journal = journal;
        this.step = Math.max(step, 8);
    }

    long lastSeq() {
        return journal.lastSeq();
    }

    long count(@Nullable String scope) {
        return positions(scope).count();
    }

    /**
     * The first and the last sequence number of each block of {@code step} positions of a scope, valid while the
     * journal ends at {@code lastSeq}.
     */
    private record Positions(long lastSeq, long count, long[] first, long[] last) {
    }

    private final int step;
    private final java.util.Map<String, Positions> positions = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The scope's position index, built with one pass over its sequence numbers per journal state. Blocks are as
     * long as an archive, so that an archive's first and last rows are found in the index without a query and a
     * page in the middle of millions of rows is otherwise found with a short seek instead of an OFFSET over all
     * rows before it. Two {@code long}s per block: 320 KB for 2,000,000 rows in archives of 100.
     */
    private Positions positions(@Nullable String scope) {
        long last = journal.lastSeq();
        String key = scope == null ? "" : "s:" + scope;
        Positions p = positions.get(key);
        if (p != null && p.lastSeq() == last) {
            return p;
        }
        long[][] blocks = {new long[1024], new long[1024]};
        long[] n = {0};
        journal.forEachSeq(scope, seq -> {
            int i = (int) (n[0] / step);
            if (n[0] % step == 0) {
                if (i == blocks[0].length) {
                    blocks[0] = java.util.Arrays.copyOf(blocks[0], i * 2);
                    blocks[1] = java.util.Arrays.copyOf(blocks[1], i * 2);
                }
                blocks[0][i] = seq;
            }
            blocks[1][i] = seq;
            n[0]++;
        });
        int size = (int) ((n[0] + step - 1) / step);
        p = new Positions(last, n[0], java.util.Arrays.copyOf(blocks[0], size),
                java.util.Arrays.copyOf(blocks[1], size));
        positions.put(key, p);
        return p;
    }

    /** The sequence number at {@code position} of {@code scope}, or -1. */
    long seqAt(@Nullable String scope, long position) {
        Positions p = positions(scope);
        if (position < 0 || position >= p.count()) {
            return -1;
        }
        int block = (int) (position / step);
        long off = position % step;
        if (off == 0) {
            return p.first()[block];
        }
        if (off == step - 1 || position == p.count() - 1) {
            return p.last()[block];
        }
        return journal.seqAfter(scope, p.first()[block], off);
    }

    /**
     * A row of a scope, with whether its source was the first in the journal to hold its resource URI (always true
     * in a source's own scope: a source holds a URI once). What the Atom feeds project ({@link EntryIds}).
     */
    record HeldRow(JournalVersion version, boolean firstHolder) {
    }

    /**
     * Streams the rows at positions {@code [from, from + n)} of {@code scope} in journal order, each with whether its
     * source was the first to hold its URI.
     */
    void heldRows(@Nullable String scope, long from, long n, Consumer<HeldRow> visitor) {
        if (n <= 0) {
            return;
        }
        long seq = seqAt(scope, from);
        if (seq < 0) {
            return;
        }
        if (scope == null) {
            journal.forEachVersionWithHolderSince(seq - 1, n, (v, first) -> visitor.accept(new HeldRow(v, first)));
        } else {
            journal.forEachVersionSince(seq - 1, scope, n, v -> visitor.accept(new HeldRow(v, true)));
        }
    }

    /** The sequence number and collection time of a row. */
    record Stamp(long seq, Instant collected) {
    }

    /** The sequence number and collection time of the row at {@code position} of {@code scope}, without the row. */
    Optional<Stamp> stamp(@Nullable String scope, long position) {
        long seq = seqAt(scope, position);
        if (seq < 0) {
            return Optional.empty();
        }
        Stamp[] found = new Stamp[1];
        journal.forEachCollectedSince(seq - 1, scope, 1, (s, at) -> found[0] = new Stamp(s, at));
        return Optional.ofNullable(found[0]);
    }
}
