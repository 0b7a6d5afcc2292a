package org.lexsync.engine.publish;

import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.store.Journal;

/**
 * The journal as publishing reads it: rows of one scope (a source, or {@code null} for the whole aggregate) by
 * position, so that a document covering positions {@code [from, to)} is found without reading the rows before it.
 * Read only. A document asks its questions of one {@link Scope}, the scope as it stood when the document was looked
 * up: one read of the journal's end per document, and the same answers for its headers and its body.
 */
final class JournalView {
    private final Journal journal;
    private final int step;
    private final Map<String, Scope> scopes = new ConcurrentHashMap<>();

    /** {@code step}: the archive size, the length of the index's blocks. */
    JournalView(Journal journal, int step) {
        this.journal = journal;
        this.step = Math.max(step, 8);
    }

    long lastSeq() {
        return journal.lastSeq();
    }

    /**
     * A scope's rows as the journal holds them now, with its position index. Blocks are as long as an archive, so
     * that an archive's first and last rows are found in the index without a query and a page in the middle of
     * millions of rows is otherwise found with a short seek instead of an OFFSET over all rows before it. Two
     * {@code long}s per block: 320 KB for 2,000,000 rows in archives of 100. Built with one pass over the scope's
     * sequence numbers the first time, then, the journal being append-only, extended with the rows after the last one
     * read: a server publishing while harvests commit reads only the new rows after each commit.
     */
    Scope at(@Nullable String scope) {
        long last = journal.lastSeq();
        String key = scope == null ? "" : "s:" + scope;
        Scope known = scopes.get(key);
        if (known != null && known.lastSeq >= last) {
            return known;
        }
        Positions p = known == null ? new Positions(0, new long[1024], new long[1024], 0)
                : new Positions(known.count, Arrays.copyOf(known.first, Math.max(1024, known.first.length + 1)),
                        Arrays.copyOf(known.last, Math.max(1024, known.first.length + 1)), known.lastSeq);
        journal.forEachSeqSince(p.readUpTo, scope, p::add);
        int size = (int) ((p.count + step - 1) / step);
        Scope s = new Scope(scope, Math.max(last, p.readUpTo), p.count, Arrays.copyOf(p.first, size),
                Arrays.copyOf(p.last, size));
        scopes.merge(key, s, (old, now) -> now.lastSeq >= old.lastSeq ? now : old);
        return s;
    }

    /** The position index while it is being built or extended. */
    private final class Positions {
        private long count;
        private long[] first;
        private long[] last;
        private long readUpTo;

        Positions(long count, long[] first, long[] last, long readUpTo) {
            this.count = count;
            this.first = first;
            this.last = last;
            this.readUpTo = readUpTo;
        }

        void add(long seq) {
            int i = (int) (count / step);
            if (count % step == 0) {
                if (i == first.length) {
                    first = Arrays.copyOf(first, i * 2);
                    last = Arrays.copyOf(last, i * 2);
                }
                first[i] = seq;
            }
            last[i] = seq;
            count++;
            readUpTo = seq;
        }
    }

    /**
     * A row of a scope, with whether its source was the first in the journal to hold its resource URI (always true
     * in a source's own scope: a source holds a URI once). What the Atom feeds project ({@link EntryIds}).
     */
    record HeldRow(JournalVersion version, boolean firstHolder) {
    }

    /** The sequence number and collection time of a row. */
    record Stamp(long seq, Instant collected) {
    }

    /**
     * One scope's rows while the journal ended at {@code lastSeq}: the first and the last sequence number of each
     * block of {@code step} positions. The journal is append-only, so its answers stay true for the rows it counts.
     */
    final class Scope {
        private final @Nullable String scope;
        private final long lastSeq;
        private final long count;
        private final long[] first;
        private final long[] last;

        private Scope(@Nullable String scope, long lastSeq, long count, long[] first, long[] last) {
            this.scope = scope;
            this.lastSeq = lastSeq;
            this.count = count;
            this.first = first;
            this.last = last;
        }

        /** How many rows the scope has. */
        long count() {
            return count;
        }

        /** The sequence number at {@code position}, or -1. */
        long seqAt(long position) {
            if (position < 0 || position >= count) {
                return -1;
            }
            int block = (int) (position / step);
            long off = position % step;
            if (off == 0) {
                return first[block];
            }
            if (off == step - 1 || position == count - 1) {
                return last[block];
            }
            return journal.seqAfter(scope, first[block], off);
        }

        /** Streams the rows at positions {@code [from, from + n)} in journal order, each with its first-holder flag. */
        void heldRows(long from, long n, Consumer<HeldRow> visitor) {
            if (n <= 0) {
                return;
            }
            long seq = seqAt(from);
            if (seq < 0) {
                return;
            }
            if (scope == null) {
                journal.forEachVersionWithHolderSince(seq - 1, n,
                        (v, holder) -> visitor.accept(new HeldRow(v, holder)));
            } else {
                journal.forEachVersionSince(seq - 1, scope, n, v -> visitor.accept(new HeldRow(v, true)));
            }
        }

        /** The sequence number and collection time of the row at {@code position}, without the row. */
        Optional<Stamp> stamp(long position) {
            long seq = seqAt(position);
            if (seq < 0) {
                return Optional.empty();
            }
            Stamp[] found = new Stamp[1];
            journal.forEachCollectedSince(seq - 1, scope, 1, (s, at) -> found[0] = new Stamp(s, at));
            return Optional.ofNullable(found[0]);
        }
    }
}
