package org.lexsync.engine.publish;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.store.Journal;

/**
 * Cuts each scope's journal into the daily Change List parts of the ResourceSync Source (ResourceSync §12: one Change
 * List per UTC day of collection, parts of at most {@code listSize} rows). One light pass over the rows' sequence
 * numbers and collection times, kept per scope and continued from where it stopped when the journal grows, so that a
 * server answering requests while harvests commit reads only the new rows, not the whole journal, after each commit.
 *
 * <p>A row belongs to the day its collection time's text starts with ({@link Instant#toString()}, the form the store
 * writes); rows usually come day by day, but a clock set back can interleave days, so each day keeps its own count.
 * A part is closed once it is full or once a later day has rows; a full part was closed by its own last row, a day's
 * last part by the first row of the next day.
 */
final class ChangeParts {
    private final Journal journal;
    private final int size;
    private final Map<String, Cut> cuts = new ConcurrentHashMap<>();

    ChangeParts(Journal journal, int size) {
        this.journal = journal;
        this.size = size;
    }

    /** The parts of {@code scope} (null: the whole journal), oldest day first, as the journal ends now. */
    List<ResourceSyncSource.ChangePart> of(@Nullable String scope) {
        long last = journal.lastSeq();
        Cut cut = cuts.computeIfAbsent(scope == null ? "" : "s:" + scope, k -> new Cut());
        synchronized (cut) {
            if (cut.readUpTo < last) {
                journal.forEachCollectedSince(cut.readUpTo, scope, 0, cut::add);
                cut.readUpTo = Math.max(cut.readUpTo, last);   // rows up to last of other scopes, or none
                cut.parts = cut.snapshot();
            }
            return cut.parts;
        }
    }

    /** One scope's pass so far: every day's state, in day order. */
    private final class Cut {
        private final TreeMap<String, Day> days = new TreeMap<>();
        private long readUpTo;
        private Day current;
        private long currentDayNumber = Long.MIN_VALUE;
        private List<ResourceSyncSource.ChangePart> parts = List.of();

        void add(long seq, Instant at) {
            long dayNumber = Math.floorDiv(at.getEpochSecond(), 86_400L);
            if (dayNumber != currentDayNumber) {
                String label = at.toString().substring(0, 10);
                current = days.computeIfAbsent(label, Day::new);
                currentDayNumber = dayNumber;
            }
            current.add(seq, at);
            readUpTo = Math.max(readUpTo, seq);
        }

        List<ResourceSyncSource.ChangePart> snapshot() {
            List<ResourceSyncSource.ChangePart> out = new ArrayList<>();
            List<Day> ordered = new ArrayList<>(days.values());
            for (int i = 0; i < ordered.size(); i++) {
                Day d = ordered.get(i);
                out.addAll(d.full);
                if (d.openCount > 0) {
                    boolean closed = i < ordered.size() - 1;
                    out.add(new ResourceSyncSource.ChangePart(d.label, d.full.size() + 1, d.openFirstSeq,
                            d.count - d.openCount, d.openCount, d.lastSeq, d.openFirstAt, d.lastAt, closed,
                            closed ? ordered.get(i + 1).firstSeq : 0));
                }
            }
            return List.copyOf(out);
        }
    }

    /** One day's rows so far: its full parts, and the part still filling. */
    private final class Day {
        private final String label;
        private final List<ResourceSyncSource.ChangePart> full = new ArrayList<>();
        private long firstSeq = -1;
        private long count;
        private long openCount;
        private long openFirstSeq;
        private Instant openFirstAt;
        private long lastSeq;
        private Instant lastAt;

        Day(String label) {
            this.label = label;
        }

        void add(long seq, Instant at) {
            if (firstSeq < 0) {
                firstSeq = seq;
            }
            if (openCount == 0) {
                openFirstSeq = seq;
                openFirstAt = at;
            }
            count++;
            openCount++;
            lastSeq = seq;
            lastAt = at;
            if (openCount == size) {
                full.add(new ResourceSyncSource.ChangePart(label, full.size() + 1, openFirstSeq, count - size, size,
                        seq, openFirstAt, at, true, seq));
                openCount = 0;
            }
        }
    }
}
