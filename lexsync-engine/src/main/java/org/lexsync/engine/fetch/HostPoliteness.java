package org.lexsync.engine.fetch;

import org.lexsync.engine.model.Politeness;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The per-host scheduler (docs/architecture.md, invariant 4): a caller takes a {@link Permit} before each request to a
 * host and closes it when the response body is read. A permit is granted when fewer than {@code maxPerHost} requests to
 * the host are in flight, no earlier than {@code minDelay} after the previous start and after the previous end, and
 * when one of the {@code globalConcurrency} slots shared by all hosts is free. The host slot and its delay come first
 * so that a caller waiting out a host's delay holds no global slot. Several users (the harvests of different sources,
 * each through its own view of one fetcher) may share a host with different politeness: a {@link User} joins each host
 * it uses, and while it stays the host applies the strictest politeness of its users and of the request at hand
 * (docs/architecture.md, "Concurrency"), so a host is never asked more often than any of its users allows. Locks rather
 * than monitors, so that waiting virtual threads never pin their carriers. With a {@link SharedHostGate} (several nodes on
 * one PostgreSQL store) a request that passed this process's gate also takes a slot of the cluster's gate before it
 * starts, and gives it back when it ends (docs/architecture.md, "One publisher, one budget").
 */
final class HostPoliteness {
    /** A request with no politeness of its own: the host's users decide. */
    static final Politeness ANY = new Politeness(Integer.MAX_VALUE, Duration.ZERO);

    private final ConcurrentHashMap<String, Host> hosts = new ConcurrentHashMap<>();
    private final Semaphore global;
    private final HostLanes lanes = new HostLanes();
    /** The cluster's gate, or null on one machine. */
    private final SharedHostGate shared;
    /** Opens this node's breaker of a host the cluster's gate reports unreachable (for how long). */
    private final java.util.function.BiConsumer<String, Duration> openedElsewhere;

    HostPoliteness(int globalConcurrency) {
        this(globalConcurrency, null, (host, openFor) -> { });
    }

    HostPoliteness(int globalConcurrency, SharedHostGate shared,
                   java.util.function.BiConsumer<String, Duration> openedElsewhere) {
        global = new Semaphore(globalConcurrency, true);
        this.shared = shared;
        this.openedElsewhere = openedElsewhere;
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
        Host host = host(hostKey);
        long waitNanos;
        Politeness effective;
        host.lock.lockInterruptibly();
        try {
            while (host.inFlight >= host.effective(politeness).maxPerHost()) {
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
            effective = host.effective(politeness);
            long delay = effective.minDelay().toNanos();
            host.lastDelayNanos = delay;
            host.nextStart = start + delay;
            waitNanos = start - now;
        } finally {
            host.lock.unlock();
        }
        try {
            if (waitNanos > 0) {
                TimeUnit.NANOSECONDS.sleep(waitNanos);
            }
        } catch (InterruptedException | RuntimeException e) {
            host.release(null);
            throw e;
        }
        SharedHostGate.Grant slot = null;
        try {
            while (true) {
                if (shared != null) {
                    slot = reserveShared(hostKey, effective, admit);
                }
                global.acquire();
                if (slot == null || shared.held(slot)) {
                    break;
                }
                // this process stood still past the slot's hold while it waited: the cluster may have counted the
                // slot expired and let another node start, so this request may not go out on it
                global.release();
                SharedHostGate.Grant lost = slot;
                slot = null;
                shared.release(lost, Duration.ZERO);
            }
        } catch (InterruptedException | RuntimeException e) {
            if (slot != null) {
                shared.release(slot, Duration.ZERO);
            }
            host.release(null);
            throw e;
        }
        return new Permit(host, politeness, slot);
    }

    /**
     * Takes a slot of the cluster's gate for {@code hostKey} under {@code effective} and waits until it may start,
     * asking again while other nodes have the host's requests in flight. A host the gate reports unreachable opens
     * this node's breaker too, and {@code admit} decides (it throws unless this request is the probe).
     */
    private SharedHostGate.Grant reserveShared(String hostKey, Politeness effective, Runnable admit)
            throws InterruptedException {
        while (true) {
            SharedHostGate.Grant grant = shared.reserve(hostKey, effective.maxPerHost(), effective.minDelay());
            if (grant.granted()) {
                try {
                    if (grant.unreachableFor().isPositive()) {
                        openedElsewhere.accept(hostKey, grant.unreachableFor());
                        admit.run();
                    }
                    if (grant.pause().isPositive()) {
                        TimeUnit.NANOSECONDS.sleep(grant.pause().toNanos());
                    }
                } catch (InterruptedException | RuntimeException e) {
                    shared.release(grant, Duration.ZERO);
                    throw e;
                }
                return grant;
            }
            TimeUnit.NANOSECONDS.sleep(Math.max(grant.pause().toNanos(), TimeUnit.MILLISECONDS.toNanos(1)));
        }
    }

    /**
     * Runs {@code exchange} holding a permit for {@code hostKey} (as {@link #acquire(String, Politeness, Runnable)}
     * grants it) and returns its result; the permit is closed when the exchange ends. While the host allows at most
     * {@link HostLanes#MAX_WIDTH} requests in flight the exchange runs on the host's lane ({@link HostLanes}): there
     * the exchanges follow one another, and a lane thread going straight on to the next one is what sets the pace.
     * A host allowing more runs each exchange on its caller's (virtual) thread: with many in flight the wait is
     * spread over them, and as many platform threads as requests would only take turns on the cores (measured in
     * docs/benchmarks.md, "Cold one-shot sync", session 10). A result the caller can no longer take (it was
     * interrupted) goes to {@code discard}.
     */
    @SuppressWarnings("try") // the permit is held for its scope only
    <T> T exchange(String hostKey, Politeness politeness, Runnable admit, Exchange<T> exchange,
                   Consumer<? super T> discard) throws InterruptedException {
        int width = width(hostKey, politeness);
        if (width > HostLanes.MAX_WIDTH) {
            try (Permit permit = acquire(hostKey, politeness, admit)) {
                return exchange.call();
            }
        }
        return lanes.run(hostKey, width, () -> {
            try (Permit permit = acquire(hostKey, politeness, admit)) {
                return exchange.call();
            }
        }, discard);
    }

    /** What is done with a host's slot held: one request and its answer. */
    @FunctionalInterface
    interface Exchange<T> {
        T call() throws InterruptedException;
    }

    /** How many requests to {@code hostKey} may be in flight at once under {@code politeness} and the host's users. */
    private int width(String hostKey, Politeness politeness) {
        Host host = host(hostKey);
        host.lock.lock();
        try {
            return host.effective(politeness).maxPerHost();
        } finally {
            host.lock.unlock();
        }
    }

    /** Ends the lanes' threads; exchanges in progress are interrupted. */
    void close() {
        lanes.close();
    }

    /** A user that asks for {@code politeness} on every host it joins; close it when it is done. */
    User user(Politeness politeness) {
        return new User(politeness);
    }

    /** {@code user} joins {@code hostKey}: from now until it is closed the host is at least as polite as it asks. */
    void join(String hostKey, User user) {
        Host host = host(hostKey);
        if (user.joined.add(host)) {
            host.lock.lock();
            try {
                host.users.add(user.politeness);
            } finally {
                host.lock.unlock();
            }
        }
    }

    /** True when a user has joined {@code hostKey} and not left it. */
    boolean joined(String hostKey) {
        Host host = hosts.get(hostKey);
        if (host == null) {
            return false;
        }
        host.lock.lock();
        try {
            return !host.users.isEmpty();
        } finally {
            host.lock.unlock();
        }
    }

    /** The delay between requests applied to {@code hostKey} last (zero for a host not asked yet). */
    Duration currentDelay(String hostKey) {
        Host host = hosts.get(hostKey);
        return host == null ? Duration.ZERO : Duration.ofNanos(host.lastDelayNanos);
    }

    /** The requests to {@code hostKey} in flight now. */
    int inFlight(String hostKey) {
        Host host = hosts.get(hostKey);
        if (host == null) {
            return 0;
        }
        host.lock.lock();
        try {
            return host.inFlight;
        } finally {
            host.lock.unlock();
        }
    }

    private Host host(String hostKey) {
        return hosts.computeIfAbsent(hostKey, k -> new Host());
    }

    /** Pushes the next start to this host at least {@code pause} from now (a Retry-After for the whole host). */
    void defer(String hostKey, Duration pause) {
        Host host = hosts.get(hostKey);
        if (host == null || pause == null || pause.isNegative()) {
            return;
        }
        if (shared != null) {
            shared.defer(hostKey, pause);
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
        private final Politeness politeness;
        /** The slot of the cluster's gate this permit holds, or null. */
        private final SharedHostGate.Grant sharedSlot;
        private boolean closed;

        private Permit(Host host, Politeness politeness, SharedHostGate.Grant sharedSlot) {
            this.host = host;
            this.politeness = politeness;
            this.sharedSlot = sharedSlot;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                global.release();
                Politeness effective = host.release(politeness);
                if (sharedSlot != null) {
                    shared.release(sharedSlot, effective.minDelay());
                }
            }
        }
    }

    /**
     * One user of the shared gate (a harvest): the politeness it asks for and the hosts it joined. Closing it leaves
     * them, so a host's politeness loosens again only when no remaining user asks for more.
     */
    final class User implements AutoCloseable {
        private final Politeness politeness;
        private final Set<Host> joined = ConcurrentHashMap.newKeySet();

        private User(Politeness politeness) {
            this.politeness = politeness;
        }

        Politeness politeness() {
            return politeness;
        }

        @Override
        public void close() {
            for (Host host : List.copyOf(joined)) {
                if (joined.remove(host)) {
                    host.leave(politeness);
                }
            }
        }
    }

    private static final class Host {
        final ReentrantLock lock = new ReentrantLock(true);
        final Condition freed = lock.newCondition();
        /** The politeness of every user that joined and has not left (a user may be in it more than once). */
        final List<Politeness> users = new ArrayList<>();
        int inFlight;
        long nextStart = System.nanoTime();
        /** The effective delay of the last request granted, for the host statistics. */
        volatile long lastDelayNanos;

        /** The strictest of {@code request} and every user's politeness; called with the lock held. */
        Politeness effective(Politeness request) {
            Politeness p = request;
            for (Politeness u : users) {
                p = p.strictest(u);
            }
            return p;
        }

        /**
         * Frees one in-flight slot; the next start is at least the effective delay of {@code politeness} from now
         * (none when null: the request never started).
         */
        Politeness release(Politeness politeness) {
            lock.lock();
            try {
                inFlight--;
                Politeness effective = politeness == null ? ANY : effective(politeness);
                long delay = politeness == null ? 0 : effective.minDelay().toNanos();
                later(System.nanoTime() + delay);
                freed.signal();
                return effective;
            } finally {
                lock.unlock();
            }
        }

        /** A user left: its politeness no longer counts; waiters look again (the host may allow more now). */
        void leave(Politeness politeness) {
            lock.lock();
            try {
                users.remove(politeness);
                freed.signalAll();
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
