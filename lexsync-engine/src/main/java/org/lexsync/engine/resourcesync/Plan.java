package org.lexsync.engine.resourcesync;

import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.lexsync.engine.model.PlannedChange;

/**
 * A lazily computed stream of planned changes read from source documents as the applier asks for them
 * (docs/architecture.md, invariant 3: nothing is listed in memory); closing it releases open documents and temp files.
 */
abstract class Plan implements Iterator<PlannedChange>, AutoCloseable {
    private PlannedChange next;
    private boolean done;
    private long taken;

    /** The next change, or null at the end. */
    protected abstract PlannedChange compute();

    @Override
    public final boolean hasNext() {
        if (next == null && !done) {
            next = compute();
            if (next == null) {
                done = true;
                close();
            }
        }
        return next != null;
    }

    @Override
    public final PlannedChange next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        PlannedChange c = next;
        next = null;
        taken++;
        return c;
    }

    /** Changes handed out so far. */
    final long taken() {
        return taken;
    }

    @Override
    public void close() {
    }

    /** No changes. */
    static Plan empty() {
        return new Plan() {
            @Override
            protected PlannedChange compute() {
                return null;
            }
        };
    }

    /** The plans in order, each built only when the one before is exhausted (so it can depend on it). */
    static Plan chain(Deque<Supplier<Plan>> queue) {
        return new Plan() {
            private Plan current;

            @Override
            protected PlannedChange compute() {
                while (true) {
                    if (current != null && current.hasNext()) {
                        return current.next();
                    }
                    if (current != null) {
                        current.close();
                        current = null;
                    }
                    if (queue.isEmpty()) {
                        return null;
                    }
                    current = queue.poll().get();
                }
            }

            @Override
            public void close() {
                if (current != null) {
                    current.close();
                    current = null;
                }
                queue.clear();
            }
        };
    }
}
