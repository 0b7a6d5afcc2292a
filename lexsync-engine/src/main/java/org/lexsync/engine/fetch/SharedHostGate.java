package org.lexsync.engine.fetch;

import java.time.Duration;

/**
 * A host's politeness kept outside this process (issue 32, "one publisher, one budget"): when several nodes share one
 * store, each node's fetcher asks this gate as well as its own {@link HostPoliteness}, so that the whole cluster spaces
 * its requests to a host as one polite client would. The store implements it on PostgreSQL; a fetcher without one (a
 * single machine) keeps its politeness in memory only. Implementations must be thread-safe.
 */
public interface SharedHostGate {

    /**
     * Asks to start one request to {@code host} with at most {@code maxInFlight} requests of the cluster in flight and
     * at least {@code delay} since the previous start and end. Granted: the slot is taken and held (the gate renews it)
     * until {@link #release}, and the answer says how long to wait before starting. Refused: the host is busy on other
     * nodes; the caller asks again after the answer's pause.
     */
    Grant reserve(String host, int maxInFlight, Duration delay);

    /**
     * True while the granted {@code slot} is surely still held: its last renewal is recent enough that no other node
     * can have counted it expired. False after this process stood still (a freeze, a long pause) past the slot's hold:
     * the cluster may have given the host to another node meanwhile, so a request not yet sent must not go out on it;
     * the caller releases it and asks again.
     */
    boolean held(Grant slot);

    /**
     * A request granted by {@link #reserve} ended (or was never sent): its slot is free and the next start is at least
     * {@code delay} away.
     */
    void release(Grant slot, Duration delay);

    /** No request to {@code host} starts on any node for {@code pause} from now (a {@code Retry-After}). */
    void defer(String host, Duration pause);

    /**
     * The host's circuit breaker opened on this node: every node refuses its requests for {@code openFor}
     * ({@link #reserve} reports it), so that the cluster does not probe a dead host once per node.
     */
    void unreachable(String host, Duration openFor);

    /** The host answered: a breaker opened by any node closes. */
    void reachable(String host);

    /**
     * The answer to {@link #reserve}: granted or not, how long to pause (before starting, or before asking again), for
     * how long the host's breaker is open on the cluster (zero when closed), and, when granted, the host and the slot's
     * id (null when refused).
     */
    record Grant(boolean granted, Duration pause, Duration unreachableFor, String host, String slot) {
    }
}
