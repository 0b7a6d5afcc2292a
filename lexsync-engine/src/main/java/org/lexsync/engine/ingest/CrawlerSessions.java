package org.lexsync.engine.ingest;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.store.SourceLease;
import org.lexsync.engine.store.Store;

/**
 * Per crawler: the lock that serialises its uploads in this process, and — while it keeps uploading — its source's
 * lease in the store (docs/architecture.md, "Concurrency": one writer of a source across processes) and one run
 * record that the groups' commits count into. Both are taken with the first group and given back once the crawler
 * has been idle for {@link #IDLE}, so a busy crawler pays one transaction per group, not five (lease, run start,
 * commit, run end, lease release).
 */
final class CrawlerSessions implements AutoCloseable {
    /** How long a crawler's lease and run outlive its last upload. */
    static final Duration IDLE = Duration.ofSeconds(2);
    /** How long an upload waits for its crawler's source while another process holds it. */
    private static final Duration BUSY_WAIT = Duration.ofSeconds(30);

    /** A crawler's lock and, while it is busy, its lease and run. */
    static final class Session {
        final ReentrantLock lock = new ReentrantLock();
        /** Uploads waiting for their turn, in arrival order (taken and put back only under the lock). */
        final java.util.concurrent.ConcurrentLinkedDeque<Object> queue = new java.util.concurrent.ConcurrentLinkedDeque<>();
        @Nullable SourceLease lease;
        long runId;
        long lastUse;
    }

    private final Store store;
    private final Duration leaseTtl;
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    /** Gives back idle crawlers' leases; started with the first upload (most facades never ingest). */
    private @Nullable ScheduledExecutorService closer;

    CrawlerSessions(Store store, Duration leaseTtl) {
        this.store = store;
        this.leaseTtl = leaseTtl;
    }

    /** Queues {@code turn} in the crawler's session, then locks it for the caller's thread. */
    Session queue(String crawler, Object turn) {
        Session s = sessions.computeIfAbsent(crawler, k -> new Session());
        s.queue.addLast(turn);
        return lock(crawler);
    }

    /** The crawler's session, locked by the caller's thread; unlock with {@link #release}. */
    Session lock(String crawler) {
        synchronized (this) {
            if (closer == null) {
                closer = Executors.newSingleThreadScheduledExecutor(
                        Thread.ofPlatform().name("lexsync-ingest-idle").daemon(true).factory());
                closer.scheduleWithFixedDelay(this::closeIdle, IDLE.toMillis(), IDLE.toMillis() / 2,
                        TimeUnit.MILLISECONDS);
            }
        }
        Session s = sessions.computeIfAbsent(crawler, k -> new Session());
        s.lock.lock();
        return s;
    }

    void release(Session s) {
        s.lastUse = System.nanoTime();
        s.lock.unlock();
    }

    /**
     * The run the locked session's commits count into, taking the lease (and starting the run) when the session holds
     * none, waiting up to {@link #BUSY_WAIT} while another process holds the source.
     */
    long run(String crawler, Session s) {
        if (s.lease != null && s.lease.lost()) {
            end(s, RunStatus.INTERRUPTED, "the source's lease was lost");
        }
        if (s.lease == null) {
            SourceLease lease = acquire(crawler);
            try {
                s.runId = store.runs().start(crawler, lease.fence());
            } catch (RuntimeException e) {
                lease.close();
                throw e;
            }
            s.lease = lease;
        }
        return s.runId;
    }

    /** The fence of the locked session's lease, taken by {@link #run}: its group commits carry it. */
    LeaseFence fence(Session s) {
        return Objects.requireNonNull(s.lease, "the session holds no lease").fence();
    }

    /** Ends the run of a session whose commit the fence refused: interrupted, with the reason; the lease is gone. */
    void fenced(Session s, FencedException e) {
        end(s, RunStatus.INTERRUPTED, FencedException.RULE + ": " + e.getMessage());
    }

    private SourceLease acquire(String crawler) {
        long deadline = System.nanoTime() + BUSY_WAIT.toNanos();
        while (true) {
            try {
                return store.leases().acquire(crawler, leaseTtl);
            } catch (SourceBusyException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Ends a failed session's run (its commits stay) so the next group starts afresh. */
    void abort(Session s, String why) {
        end(s, RunStatus.ABORTED, why);
    }

    private void end(Session s, RunStatus status, @Nullable String error) {
        SourceLease lease = s.lease;
        s.lease = null;
        if (lease == null) {
            return;
        }
        try {
            // counts grew with each commit; an interrupted or aborted run is ended by its holder unfenced (its own row)
            boolean fenced = status == RunStatus.SUCCEEDED;
            try {
                store.runs().finish(s.runId, status, RunCounts.ZERO, error, fenced ? lease.fence() : null);
            } catch (FencedException e) {
                store.runs().finish(s.runId, RunStatus.INTERRUPTED, RunCounts.ZERO,
                        FencedException.RULE + ": " + e.getMessage());
            }
        } finally {
            lease.close();
        }
    }

    private void closeIdle() {
        long now = System.nanoTime();
        for (Session s : sessions.values()) {
            if (s.lease != null && now - s.lastUse > IDLE.toNanos() && s.lock.tryLock()) {
                try {
                    if (s.lease != null && System.nanoTime() - s.lastUse > IDLE.toNanos()) {
                        end(s, RunStatus.SUCCEEDED, null);
                    }
                } catch (RuntimeException e) {
                    // the store is failing: the lease expires by itself, the run reads as interrupted
                } finally {
                    s.lock.unlock();
                }
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closer != null) {
                closer.shutdownNow();
            }
        }
        for (Session s : sessions.values()) {
            s.lock.lock();
            try {
                end(s, RunStatus.SUCCEEDED, null);
            } catch (RuntimeException e) {
                // closing: the lease expires by itself
            } finally {
                s.lock.unlock();
            }
        }
    }
}
