package org.lexsync.engine.publish;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Writes independent documents of the static export on a few threads while the caller goes on reading the journal:
 * rendering an archive (Atom XML, a third of an entry's CPU) and writing its file overlap the next rows' reading.
 * At most {@code 2 × threads} tasks are queued or running, so memory stays bounded by a few archives' rows whatever
 * the journal's length. The first failure is kept and thrown by {@link #submit} or {@link #await}; tasks after it
 * are skipped. With one thread, tasks run at once in the caller's thread (no pool).
 */
final class WriterPool implements AutoCloseable {
    /** One document to write. */
    @FunctionalInterface
    interface Task {
        void run() throws IOException;
    }

    private final ExecutorService pool;
    private final Semaphore slots;
    private final int capacity;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    /** A pool of {@code threads} writers (1: none, tasks run in the caller). */
    WriterPool(int threads) {
        this.pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "lexsync-export-writer");
            t.setDaemon(true);
            return t;
        }) : null;
        this.capacity = Math.max(1, threads * 2);
        this.slots = new Semaphore(capacity);
    }

    /** The writers for this machine: its cores, at most 4. */
    static WriterPool forCores() {
        return new WriterPool(Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /** Runs {@code task} on a writer, waiting while the queue is full. */
    void submit(Task task) throws IOException {
        rethrow();
        if (pool == null) {
            task.run();
            return;
        }
        acquire(1);
        pool.execute(() -> {
            try {
                if (failure.get() == null) {
                    task.run();
                }
            } catch (IOException | RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            } finally {
                slots.release();
            }
        });
    }

    /** Waits for every submitted task; throws the first failure. */
    void await() throws IOException {
        if (pool != null) {
            acquire(capacity);
            slots.release(capacity);
        }
        rethrow();
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
            try {
                pool.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void acquire(int n) throws IOException {
        try {
            slots.acquire(n);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing the export");
        }
    }

    private void rethrow() throws IOException {
        Throwable t = failure.get();
        if (t instanceof IOException io) {
            throw io;
        }
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error er) {
            throw er;
        }
    }
}
