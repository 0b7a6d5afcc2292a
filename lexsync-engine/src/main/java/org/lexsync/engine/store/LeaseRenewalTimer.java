package org.lexsync.engine.store;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one timer thread of this process that says when a held lease is due for renewal. A source lease used to start
 * a virtual thread of its own that slept until the next renewal and was woken and joined when the lease closed: a
 * thread start, a timed park and two hand-offs per check, while a check ends long before its first renewal is due.
 * Here holding a lease costs an entry in a delay queue that closing removes again; only a renewal that falls due
 * starts a thread, a virtual one, so that a renewal waiting on a busy database delays no other lease's
 * (docs/benchmarks.md, "Fixed and per-check threads of a node", issue 32).
 */
final class LeaseRenewalTimer {
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private LeaseRenewalTimer() {
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "lexsync-lease-timer");
            thread.setDaemon(true);
            return thread;
        });
        t.setRemoveOnCancelPolicy(true); // a closed lease leaves nothing behind in the queue
        t.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
        return t;
    }

    /** Runs {@code renewal} on a new virtual thread every {@code every}, the first time after {@code every}. */
    static ScheduledFuture<?> every(Duration every, String threadName, Runnable renewal) {
        long nanos = every.toNanos();
        return TIMER.scheduleWithFixedDelay(() -> Thread.ofVirtual().name(threadName).start(renewal), nanos, nanos,
                TimeUnit.NANOSECONDS);
    }
}
