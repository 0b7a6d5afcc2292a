package org.lexsync.engine.store;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A source's lease, held (docs/architecture.md, "Concurrency"): renewed every {@code renewEvery} until it is
 * closed, which gives it back ({@link LeaseRenewalTimer} says when; a renewal runs on a thread of its own). When a
 * renewal finds the lease taken over (its holder stalled longer than the time to live) it stops renewing,
 * {@link #lost()} turns true and the {@link #onLost(Runnable) action} runs once, so the holder can stop working on a
 * source that is no longer its own. Take one with {@link SourceLeases#acquire}.
 */
public final class SourceLease implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SourceLease.class);

    private final SourceLeases leases;
    private final String sourceId;
    private final String token;
    private final long epoch;
    private final Duration ttl;
    /** Held while a renewal runs; closing takes it, so that no renewal is under way when the lease is given back. */
    private final ReentrantLock renewing = new ReentrantLock();
    private final ScheduledFuture<?> renewals;
    private volatile boolean lost;
    private volatile Runnable onLost = () -> { };
    /** Set under {@link #renewing} once the lease is closed or lost: no renewal after it. */
    private boolean stopped;
    private boolean closed;

    SourceLease(SourceLeases leases, String sourceId, String token, long epoch, Duration ttl, Duration renewEvery) {
        this.leases = leases;
        this.sourceId = sourceId;
        this.token = token;
        this.epoch = epoch;
        this.ttl = ttl;
        this.renewals = LeaseRenewalTimer.every(renewEvery, "lexsync-lease-" + sourceId, this::renewOnce);
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

    /**
     * One renewal; a renewal that finds the lease taken over stops the renewals and runs the {@link #onLost} action.
     * While another renewal is still under way (a busy database) or the lease is closing, there is nothing to do: the
     * timer's later ticks do not pile up behind a stalled one.
     */
    private void renewOnce() {
        if (!renewing.tryLock()) {
            return;
        }
        try {
            if (stopped) {
                return;
            }
            try {
                if (leases.renew(sourceId, token, ttl)) {
                    return;
                }
            } catch (RuntimeException e) {
                // the store was busy or failed for a moment: try again at the next tick, the lease still runs
                LOG.warn("could not renew the lease of source {}: {}", sourceId, e.getMessage());
                return;
            }
            stopped = true;
            lost = true;
        } finally {
            renewing.unlock();
        }
        ScheduledFuture<?> scheduled = renewals; // null only if the first renewal beat the constructor's end
        if (scheduled != null) {
            scheduled.cancel(false);
        }
        LOG.warn("the lease of source {} was taken over by another holder; stopping", sourceId);
        onLost.run();
    }

    /** Stops renewing and gives the lease back; a failure to give it back only lets it expire (logged). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        renewals.cancel(false);
        renewing.lock(); // waits for a renewal under way: it must not find the row released below and call it lost
        try {
            stopped = true;
        } finally {
            renewing.unlock();
        }
        // a stopped harvest closes its lease: the store is written once more, then the interrupt is given back
        boolean interrupted = Thread.interrupted();
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
