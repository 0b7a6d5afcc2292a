package org.lexsync.engine.harvest;

import java.time.Duration;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.LongSupplier;

import org.lexsync.engine.model.PlannedChange;

/**
 * Cuts a stream of planned changes into slices of at most {@code interval} of planning each, so that every slice
 * is handed to the applier on its own and committed when it ends (ELI Pillar IV annex §4.1 step 2: a baseline at
 * the 5 s politeness delay runs for days, and what was fetched must survive a reboot). The applier groups changes
 * into large transactions while pages keep coming, which for a slow source means none is committed for many
 * minutes; a slice ending forces the commit. Shared by every harvester whose planner fetches slowly (ELI pages, portal
 * crawls). Not thread-safe: one caller takes slice after slice.
 */
public final class CommitSlices {
    private final Iterator<PlannedChange> changes;
    private final long intervalNanos;
    private final LongSupplier clock;

    /** Slices of at most {@code interval} of planning each. */
    public CommitSlices(Iterator<PlannedChange> changes, Duration interval) {
        this(changes, interval, System::nanoTime);
    }

    /** As above, reading the time in nanoseconds from {@code clock}. */
    CommitSlices(Iterator<PlannedChange> changes, Duration interval, LongSupplier clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.changes = Objects.requireNonNull(changes, "changes");
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the commit interval must be positive, was " + interval);
        }
        this.intervalNanos = interval.toNanos();
    }

    /** True when another slice has at least one change (may block while the planner fetches the next page). */
    public boolean hasMore() {
        return changes.hasNext();
    }

    /** The next slice: changes until the stream ends or {@code interval} has passed since its first was taken. */
    public Iterator<PlannedChange> next() {
        if (!changes.hasNext()) {
            throw new NoSuchElementException();
        }
        return new Iterator<>() {
            private long started;
            private boolean any;
            /** Set once the slice ended; an answer of {@code hasNext} is kept until {@code next} takes the change. */
            private boolean ended;
            private boolean promised;

            @Override
            public boolean hasNext() {
                if (promised) {
                    return true;
                }
                if (ended || any && clock.getAsLong() - started >= intervalNanos) {
                    ended = true;
                    return false;
                }
                promised = changes.hasNext();
                return promised;
            }

            @Override
            public PlannedChange next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                promised = false;
                if (!any) {
                    any = true;
                    started = clock.getAsLong();
                }
                return changes.next();
            }
        };
    }
}
