package org.lexsync.engine.fetch;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The per-host circuit breaker (issue 13.5): after {@code threshold} consecutive connection failures or
 * timeouts before any response from one host, the host's further requests fail at once as
 * {@link FetchFailure#HOST_UNREACHABLE} without touching the network, so that a listing of many URLs on a dead
 * host ends quickly. Any response from the host closes the breaker. After {@code openFor} one request is let
 * through as a probe (half-open); its failure opens the breaker again, its success closes it. With a
 * {@link SharedHostGate} (several nodes) an opening and a closing are told to the cluster, and a host another node
 * found unreachable is opened here too ({@link #openedElsewhere}), so the cluster probes a dead host once.
 */
final class HostBreaker {
    private final int threshold;
    private final long openForNanos;
    private final ConcurrentHashMap<String, Host> hosts = new ConcurrentHashMap<>();
    /** The cluster's gate, or null on one machine. */
    private final SharedHostGate shared;

    HostBreaker(int threshold, Duration openFor) {
        this(threshold, openFor, null);
    }

    HostBreaker(int threshold, Duration openFor, SharedHostGate shared) {
        this.threshold = threshold;
        this.openForNanos = openFor.toNanos();
        this.shared = shared;
    }

    /**
     * Another node opened {@code hostKey}'s breaker and it stays open for {@code remaining}: it opens here too (unless
     * it is open already), so that this node's requests fail at once until then, and one probe goes after it.
     */
    void openedElsewhere(String hostKey, Duration remaining) {
        hosts.computeIfAbsent(hostKey, Host::new).openElsewhere(System.nanoTime(),
                Math.min(remaining.toNanos(), openForNanos));
    }

    /**
     * Throws a {@link FetchFailure#HOST_UNREACHABLE} failure when the breaker of {@code url}'s host is open;
     * otherwise lets the request go (as the probe, when the open period is over).
     */
    void check(URI url) {
        admit(url, true);
    }

    /**
     * As {@link #check(URI)}, but a request that could be the probe is let on without becoming it: for the
     * checks before the politeness wait, so that only the request about to connect takes the probe.
     */
    void peek(URI url) {
        admit(url, false);
    }

    private void admit(URI url, boolean claimProbe) {
        Host host = hosts.get(RedirectFollower.hostKey(url));
        if (host == null) {
            return;
        }
        String refusal = host.admit(System.nanoTime(), claimProbe);
        if (refusal != null) {
            throw FetchException.fatal(url, FetchFailure.HOST_UNREACHABLE, refusal);
        }
    }

    /** A response (any status) came from the host: it is reachable. */
    void succeeded(URI url) {
        String key = RedirectFollower.hostKey(url);
        Host host = hosts.get(key);
        if (host != null && host.succeeded() && shared != null) {
            shared.reachable(key);
        }
    }

    /** An attempt ended without an outcome (interrupted, cancelled): a probe it held may be taken again. */
    void abandoned(URI url) {
        Host host = hosts.get(RedirectFollower.hostKey(url));
        if (host != null) {
            host.abandoned();
        }
    }

    /** An attempt failed; connection failures and timeouts before a response count towards opening. */
    void failed(URI url, FetchException failure) {
        if (failure.reason() != FetchFailure.CONNECTION && failure.reason() != FetchFailure.TIMEOUT) {
            return;
        }
        String key = RedirectFollower.hostKey(url);
        if (hosts.computeIfAbsent(key, Host::new).failed(failure.getMessage(), System.nanoTime()) && shared != null) {
            shared.unreachable(key, Duration.ofNanos(openForNanos));
        }
    }

    /** Every host whose breaker opened at least once, in the order of their names. */
    List<UnreachableHost> unreachable() {
        List<UnreachableHost> out = new ArrayList<>();
        for (Host h : hosts.values()) {
            UnreachableHost u = h.snapshot();
            if (u != null) {
                out.add(u);
            }
        }
        out.sort(Comparator.comparing(UnreachableHost::host));
        return List.copyOf(out);
    }

    /** One host's count of consecutive failures and breaker state. */
    private final class Host {
        private final String key;
        // A lock, not a monitor: callers are virtual threads.
        private final ReentrantLock lock = new ReentrantLock();
        private int consecutive;
        private boolean open;
        private boolean probing;
        private long openedAt;
        private Instant firstOpened;
        private String lastFailure;
        private int failuresWhenOpened;
        private long refused;

        Host(String key) {
            this.key = key;
        }

        String admit(long now, boolean claimProbe) {
            lock.lock();
            try {
                if (!open) {
                    return null;
                }
                if (!probing && now - openedAt >= openForNanos) {
                    probing = claimProbe;
                    return null;
                }
                refused++;
                return String.format(Locale.ROOT, "host %s unreachable: %d consecutive connection failures or"
                        + " timeouts (last: %s); not tried", key, failuresWhenOpened, lastFailure);
            } finally {
                lock.unlock();
            }
        }

        /** Closes the breaker; true when it was open. */
        boolean succeeded() {
            lock.lock();
            try {
                boolean wasOpen = open;
                consecutive = 0;
                open = false;
                probing = false;
                return wasOpen;
            } finally {
                lock.unlock();
            }
        }

        void openElsewhere(long now, long remainingNanos) {
            lock.lock();
            try {
                if (open) {
                    return;
                }
                open = true;
                probing = false;
                openedAt = now - (openForNanos - remainingNanos);
                lastFailure = "found unreachable by another node";
                if (firstOpened == null) {
                    firstOpened = Instant.now();
                }
            } finally {
                lock.unlock();
            }
        }

        void abandoned() {
            lock.lock();
            try {
                probing = false;
            } finally {
                lock.unlock();
            }
        }

        /** Counts a failure; true when it opened the breaker. */
        boolean failed(String message, long now) {
            lock.lock();
            try {
                consecutive++;
                lastFailure = message;
                if (probing || !open && consecutive >= threshold) {
                    open = true;
                    probing = false;
                    openedAt = now;
                    failuresWhenOpened = consecutive;
                    if (firstOpened == null) {
                        firstOpened = Instant.now();
                    }
                    return true;
                }
                return false;
            } finally {
                lock.unlock();
            }
        }

        UnreachableHost snapshot() {
            lock.lock();
            try {
                return firstOpened == null ? null
                        : new UnreachableHost(key, failuresWhenOpened, refused, lastFailure, firstOpened, open);
            } finally {
                lock.unlock();
            }
        }
    }
}
