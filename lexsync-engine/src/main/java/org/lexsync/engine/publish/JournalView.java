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
        return journal.count(scope);
    }

    /** Streams the rows at positions {@code [from, from + n)} of {@code scope} in journal order. */
    void rows(@Nullable String scope, long from, long n, Consumer<JournalVersion> visitor) {
        if (n <= 0) {
            return;
        }
        long seq = journal.seqAt(scope, from);
        if (seq < 0) {
            return;
        }
        journal.forEachVersionSince(seq - 1, scope, n, visitor);
    }

    /** Streams every row of {@code scope} from position {@code from} on. */
    void rowsFrom(@Nullable String scope, long from, Consumer<JournalVersion> visitor) {
        long seq = journal.seqAt(scope, from);
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
