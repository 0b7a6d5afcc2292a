package org.lexsync.engine.store;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A source's lease, held (docs/architecture.md, "Concurrency"): renewed by a background thread until it is
 * closed, which gives it back. When a renewal finds the lease taken over (its holder stalled longer than the time
 * to live) it stops renewing, {@link #lost()} turns true and the {@link #onLost(Runnable) action} runs once, so
 * the holder can stop working on a source that is no longer its own. Take one with {@link SourceLeases#acquire}.
 */
public final class SourceLease implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SourceLease.class);

    private final SourceLeases leases;
    private final String sourceId;
    private final String token;
    private final long epoch;
    private final Duration ttl;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread renewer;
    private volatile boolean lost;
    private volatile Runnable onLost = () -> { };
    private boolean closed;

    SourceLease(SourceLeases leases, String sourceId, String token, long epoch, Duration ttl, Duration renewEvery) {
        this.leases = leases;
        this.sourceId = sourceId;
        this.token = token;
        this.epoch = epoch;
        this.ttl = ttl;
        this.renewer = Thread.ofVirtual().name("lexsync-lease-" + sourceId).start(() -> renewUntilClosed(renewEvery));
    }

    /** The source this lease is for. */
    public String sourceId() {
        return sourceId;
    }

    /** This lease's epoch: higher than that of every earlier lease of the source (the fence). */
    public long epoch() {
        return epoch;
    }

    /** What this holder's writes carry, so that the store refuses them once the lease moved on. */
    public LeaseFence fence() {
        return new LeaseFence(sourceId, epoch);
    }

    /** True once a renewal found the lease taken over by another holder. */
    public boolean lost() {
        return lost;
    }

    /** What to do (once, on the renewing thread) if the lease is lost, e.g. interrupt the harvest. */
    public SourceLease onLost(Runnable action) {
        this.onLost = action == null ? () -> { } : action;
        if (lost) {
            action.run();
        }
        return this;
    }

    private void renewUntilClosed(Duration every) {
        try {
            while (!stop.await(every.toNanos(), TimeUnit.NANOSECONDS)) {
                try {
                    if (!leases.renew(sourceId, token, ttl)) {
                        lost = true;
                        LOG.warn("the lease of source {} was taken over by another holder; stopping", sourceId);
                        onLost.run();
                        return;
                    }
                } catch (RuntimeException e) {
                    // the store was busy or failed for a moment: try again at the next tick, the lease still runs
                    LOG.warn("could not renew the lease of source {}: {}", sourceId, e.getMessage());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops renewing and gives the lease back; a failure to give it back only lets it expire (logged). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop.countDown();
        boolean interrupted = false;
        while (true) {
            try {
                renewer.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the release below must still happen
            }
        }
        interrupted |= Thread.interrupted(); // a stopped harvest closes its lease: the store is written once more
        try {
            leases.release(sourceId, token);
        } catch (RuntimeException e) {
            LOG.warn("could not release the lease of source {} (it expires within {} ms): {}", sourceId,
                    ttl.toMillis(), e.getMessage());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
