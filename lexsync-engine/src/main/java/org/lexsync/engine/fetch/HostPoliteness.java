package org.lexsync.engine.fetch;

import org.lexsync.engine.model.Politeness;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The per-host scheduler (DESIGN §4.4): a caller takes a {@link Permit} before each request to a host and
 * closes it when the response body is read. A permit is granted when fewer than {@code maxPerHost}
 * requests to the host are in flight, no earlier than {@code minDelay} after the previous start and after
 * the previous end, and when one of the {@code globalConcurrency} slots shared by all hosts is free. The
 * host slot and its delay come first so that a caller waiting out a host's delay holds no global slot.
 * Locks rather than monitors, so that waiting virtual threads never pin their carriers.
 */
final class HostPoliteness {
    private final ConcurrentHashMap<String, Host> hosts = new ConcurrentHashMap<>();
    private final Semaphore global;

    HostPoliteness(int globalConcurrency) {
        global = new Semaphore(globalConcurrency, true);
    }

    /** Blocks until a request to {@code hostKey} may start under {@code politeness}. */
    Permit acquire(String hostKey, Politeness politeness) throws InterruptedException {
        return acquire(hostKey, politeness, () -> { });
    }

    /**
     * As {@link #acquire(String, Politeness)}, but {@code admit} is asked again once the host's slot is free and
     * before its delay is reserved; when it throws (the host's breaker opened while the caller queued) the
     * caller leaves with that exception, reserving no delay, so queued requests to a dead host end at once.
     */
    Permit acquire(String hostKey, Politeness politeness, Runnable admit) throws InterruptedException {
        Host host = hosts.computeIfAbsent(hostKey, k -> new Host());
        long minDelay = politeness.minDelay().toNanos();
        long waitNanos;
        host.lock.lockInterruptibly();
        try {
            while (host.inFlight >= politeness.maxPerHost()) {
                host.freed.await();
            }
            try {
                admit.run();
            } catch (RuntimeException refused) {
                host.freed.signal();
                throw refused;
            }
            host.inFlight++;
            long now = System.nanoTime();
            long start = host.nextStart - now > 0 ? host.nextStart : now;
            host.nextStart = start + minDelay;
            waitNanos = start - now;
        } finally {
            host.lock.unlock();
        }
        try {
            if (waitNanos > 0) {
                TimeUnit.NANOSECONDS.sleep(waitNanos);
            }
            global.acquire();
        } catch (InterruptedException | RuntimeException e) {
            host.release(0);
            throw e;
        }
        return new Permit(host, minDelay);
    }

    /** Pushes the next start to this host at least {@code pause} from now (a Retry-After for the whole host). */
    void defer(String hostKey, Duration pause) {
        Host host = hosts.get(hostKey);
        if (host == null || pause == null || pause.isNegative()) {
            return;
        }
        host.lock.lock();
        try {
            host.later(System.nanoTime() + pause.toNanos());
        } finally {
            host.lock.unlock();
        }
    }

    /**
     * A granted request slot. Closing it (once the response is read) frees the host and global slots and
     * starts the host's delay again, so the server never sees two arrivals closer than the delay, whatever
     * the transfer times.
     */
    final class Permit implements AutoCloseable {
        private final Host host;
        private final long minDelayNanos;
        private boolean closed;

        private Permit(Host host, long minDelayNanos) {
            this.host = host;
            this.minDelayNanos = minDelayNanos;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                global.release();
                host.release(minDelayNanos);
            }
        }
    }

    private static final class Host {
        final ReentrantLock lock = new ReentrantLock(true);
        final Condition freed = lock.newCondition();
        int inFlight;
        long nextStart = System.nanoTime();

        /** Frees one in-flight slot; the next start is at least {@code delayNanos} from now. */
        void release(long delayNanos) {
            lock.lock();
            try {
                inFlight--;
                later(System.nanoTime() + delayNanos);
                freed.signal();
            } finally {
                lock.unlock();
            }
        }

        void later(long at) {
            if (at - nextStart > 0) {
                nextStart = at;
            }
        }
    }
}
