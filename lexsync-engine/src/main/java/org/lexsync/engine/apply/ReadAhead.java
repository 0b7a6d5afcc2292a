package org.lexsync.engine.apply;

import org.lexsync.engine.model.PlannedChange;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Pulls a planner on a thread of its own (one of the shared {@link ApplyThreads}, not one started per apply call), up to {@code capacity} changes ahead of the applier, so that
 * planning (reading and parsing source documents, unpacking dumps) overlaps fetching and committing
 * instead of taking turns with them on the applier's thread. Changes, the end and a planner failure
 * arrive in the planner's order; a failure is thrown by {@link #next()} at the position where it happened.
 * Closing stops pulling and waits for the planner's current step to end, so that the planner is quiet
 * (and its state safe to read) once the applier returns.
 */
final class ReadAhead implements Iterator<PlannedChange>, AutoCloseable {
    private static final Object END = new Object();
    /** How long {@link #close()} lets a planner step in progress (e.g. a download) finish before interrupting it. */
    private static final long GRACE_MILLIS = 30_000;

    private record Failure(Throwable error) {
    }

    /** Loaded with this class, so that reporting a planner's failure never needs a class the planner broke. */
    private static final Failure NOTHING_YET = new Failure(null);

    private final BlockingQueue<Object> queue;
    /** Counted down once the planner's thread is done with it. */
    private final CountDownLatch pumped = new CountDownLatch(1);
    /** The thread pulling the planner while it does; guarded by {@code this}. */
    private @Nullable Thread pumping;
    private volatile boolean stopped;
    private Object head;

    ReadAhead(Iterator<PlannedChange> planner, int capacity, String name) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        // a platform thread: a planner may block in I/O while holding monitors (pinning a virtual thread on JDK 21)
        ApplyThreads.execute(name, () -> {
            synchronized (this) {
                pumping = Thread.currentThread();
            }
            try {
                pump(planner);
            } finally {
                synchronized (this) {
                    pumping = null; // an interrupt from close() must not reach the thread's next task
                }
                pumped.countDown();
            }
        });
    }

    /**
     * Pulls the planner; whatever ends it — the end of the plan or anything thrown, checked exceptions a planner
     * smuggled out included — is queued last, so the applier never waits for an end that does not come.
     */
    private void pump(Iterator<PlannedChange> planner) {
        Object last = NOTHING_YET;
        try {
            while (!stopped && planner.hasNext()) {
                put(planner.next());
            }
            last = END;
        } catch (Throwable e) {
            last = new Failure(e);
        } finally {
            put(last);
        }
    }

    private void put(Object item) {
        while (!stopped) {
            try {
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Object peek() {
        if (head == null) {
            try {
                head = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted while waiting for the planner");
            }
        }
        return head;
    }

    @Override
    public boolean hasNext() {
        return peek() != END;
    }

    @Override
    public PlannedChange next() {
        Object item = peek();
        if (item == END) {
            throw new NoSuchElementException();
        }
        if (item instanceof Failure f) {
            head = END;
            if (f.error() instanceof RuntimeException re) {
                throw re;
            }
            if (f.error() instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException("the planner failed without saying why", f.error());
        }
        head = null;
        return (PlannedChange) item;
    }

    @Override
    public void close() {
        stopped = true;
        queue.clear();
        try {
            if (!pumped.await(GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                interruptPlanner();
                pumped.await();
            }
        } catch (InterruptedException e) {
            interruptPlanner();
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void interruptPlanner() {
        if (pumping != null) {
            pumping.interrupt();
        }
    }
}
