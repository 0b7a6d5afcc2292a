package org.lexsync.engine.apply;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs one apply call's tasks of one kind (its commits, or its listeners' announcements) one at a time in the order
 * they were handed over, on a thread borrowed from {@link ApplyThreads} while any are queued — what a single-thread
 * executor of its own did, without starting a thread per apply call. A task that throws does not stop the tasks
 * behind it (as a single-thread executor replaces its thread); an interrupt meant for one task does not reach the next.
 */
final class SerialLane {
    private final String name;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    /** True while a borrowed thread drains {@link #tasks}. */
    private boolean draining;
    private boolean shutdown;

    SerialLane(String name) {
        this.name = name;
    }

    /** Queues {@code task} after the ones handed over before it. */
    synchronized void execute(Runnable task) {
        if (shutdown) {
            throw new RejectedExecutionException(name + " takes no more tasks");
        }
        tasks.add(task);
        if (!draining) {
            draining = true;
            try {
                ApplyThreads.execute(name, this::drain);
            } catch (RuntimeException | Error e) {
                draining = false;
                tasks.removeLast();
                throw e;
            }
        }
    }

    /** Queues {@code task}; its future's {@code cancel(true)} interrupts it while it runs. */
    <T> Future<T> submit(Callable<T> task) {
        FutureTask<T> f = new FutureTask<>(task);
        execute(f);
        return f;
    }

    /** Takes no more tasks; the queued ones still run. */
    synchronized void shutdown() {
        shutdown = true;
        notifyAll();
    }

    /** Waits up to {@code timeout} until it was shut down and every queued task ran; true when so. */
    synchronized boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long end = System.nanoTime() + unit.toNanos(timeout);
        while (!(shutdown && !draining)) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = tasks.poll();
                if (next == null) {
                    draining = false;
                    notifyAll();
                    return;
                }
            }
            Thread.interrupted(); // an interrupt meant for the task before does not reach this one
            try {
                next.run();
            } catch (RuntimeException | Error e) {
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
            }
        }
    }
}
