package org.lexsync.engine.apply;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The platform threads an apply call's helpers run on — its read-ahead planner, its committer and its listeners'
 * announcer — shared by every apply call of the process and kept for {@link #KEEP_ALIVE_SECONDS} when idle, so that a
 * scheduled check (one small apply call a minute per source, thousands of them on a node) reuses threads instead of
 * starting and ending two to three of its own each time. Platform threads, not virtual ones: a planner or a listener
 * may block in I/O while holding a monitor, which pins a virtual thread's carrier on JDK 21. Unbounded like the
 * threads it replaces (one per helper at work), since a helper may wait for its apply call's thread, which waits for
 * other helpers; idle threads end. A task names its thread while it runs ({@link #named}).
 */
final class ApplyThreads {
    static final long KEEP_ALIVE_SECONDS = 60;
    private static final String IDLE = "lexsync-apply-idle";

    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, Integer.MAX_VALUE, KEEP_ALIVE_SECONDS,
            TimeUnit.SECONDS, new SynchronousQueue<>(), r -> Thread.ofPlatform().name(IDLE).daemon(true).unstarted(r));

    private ApplyThreads() {
    }

    /** Runs {@code task} on one of the shared threads, named {@code name} while it runs. */
    static void execute(String name, Runnable task) {
        POOL.execute(named(name, task));
    }

    /** How many tasks were handed to the shared threads since the process started (approximate while they run). */
    static long tasksHandedOver() {
        return POOL.getTaskCount();
    }

    /** {@code task} with the thread that runs it named {@code name} until it ends. */
    private static Runnable named(String name, Runnable task) {
        return () -> {
            Thread self = Thread.currentThread();
            self.setName(name);
            try {
                task.run();
            } finally {
                self.setName(IDLE);
                Thread.interrupted(); // an interrupt meant for this task does not reach the next one
            }
        };
    }
}
