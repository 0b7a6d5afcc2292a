package org.lexsync.engine.publish;

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

    JournalView(Journal journal) {
        this.journal = journal;
    }

    long lastSeq() {
        return journal.lastSeq();
    }

    long count(@Nullable String scope) {
        return positions(scope).count();
    }

    /** Every {@value #STEP}th sequence number of a scope, valid while the journal ends at {@code lastSeq}. */
    private record Positions(long lastSeq, long count, long[] sparse) {
    }

    private static final int STEP = 64;
    private final java.util.Map<String, Positions> positions = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The scope's position index, built with one pass over its sequence numbers per journal state: a page in the
     * middle of millions of rows is then found with a short seek instead of an OFFSET over all rows before it.
     */
    private Positions positions(@Nullable String scope) {
        long last = journal.lastSeq();
        String key = scope == null ? "" : "s:" + scope;
        Positions p = positions.get(key);
        if (p != null && p.lastSeq() == last) {
            return p;
        }
        long[][] sparse = {new long[1024]};
        long[] n = {0};
        journal.forEachSeq(scope, seq -> {
            if (n[0] % STEP == 0) {
                int i = (int) (n[0] / STEP);
                if (i == sparse[0].length) {
                    sparse[0] = java.util.Arrays.copyOf(sparse[0], i * 2);
                }
                sparse[0][i] = seq;
            }
            n[0]++;
        });
        p = new Positions(last, n[0], java.util.Arrays.copyOf(sparse[0], (int) ((n[0] + STEP - 1) / STEP)));
        positions.put(key, p);
        return p;
    }

    /** The sequence number at {@code position} of {@code scope}, or -1. */
    long seqAt(@Nullable String scope, long position) {
        Positions p = positions(scope);
        if (position < 0 || position >= p.count()) {
            return -1;
        }
        long base = p.sparse()[(int) (position / STEP)];
        long off = position % STEP;
        return off == 0 ? base : journal.seqAfter(scope, base, off);
    }

    /** Streams the rows at positions {@code [from, from + n)} of {@code scope} in journal order. */
    void rows(@Nullable String scope, long from, long n, Consumer<JournalVersion> visitor) {
        if (n <= 0) {
            return;
        }
        long seq = seqAt(scope, from);
        if (seq < 0) {
            return;
        }
        journal.forEachVersionSince(seq - 1, scope, n, visitor);
    }

    /** Streams every row of {@code scope} from position {@code from} on. */
    void rowsFrom(@Nullable String scope, long from, Consumer<JournalVersion> visitor) {
        long seq = seqAt(scope, from);
        if (seq >= 0) {
            journal.forEachVersionSince(seq - 1, scope, 0, visitor);
        }
    }

    /** The row at {@code position} of {@code scope}. */
    Optional<JournalVersion> row(@Nullable String scope, long position) {
        JournalVersion[] found = new JournalVersion[1];
        rows(scope, position, 1, v -> found[0] = v);
        return Optional.ofNullable(found[0]);
    }
}
