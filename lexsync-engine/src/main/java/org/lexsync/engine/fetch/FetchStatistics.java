package org.lexsync.engine.fetch;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.lexsync.engine.model.FetchExchange;
import org.lexsync.engine.model.FetchListener;
import org.lexsync.engine.model.HostStatistics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts every HTTP exchange per host and tells the fetcher's {@link FetchListener}s (docs/architecture.md,
 * "Dashboard and metrics"). {@link HopClient} records each exchange; {@link Fetcher#hostStatistics()} reads the
 * counts together with the hosts' politeness and robots.txt state.
 */
final class FetchStatistics {
    private static final Logger LOG = LoggerFactory.getLogger(FetchStatistics.class);

    private final ConcurrentHashMap<String, Counts> hosts = new ConcurrentHashMap<>();
    private final List<FetchListener> listeners = new CopyOnWriteArrayList<>();

    void addListener(FetchListener listener) {
        listeners.add(listener);
    }

    /** One exchange with {@code hostKey} answered {@code status} (0: no answer) after {@code nanos}. */
    void record(String hostKey, int status, long nanos) {
        Counts c = hosts.computeIfAbsent(hostKey, k -> new Counts());
        c.requests.incrementAndGet();
        if (status == 0) {
            c.noAnswer.incrementAndGet();
        } else if (status == 304) {
            c.notModified.incrementAndGet();
        } else if (status == 429) {
            c.tooMany.incrementAndGet();
        } else if (status >= 500) {
            c.serverErrors.incrementAndGet();
        } else if (status >= 400) {
            c.clientErrors.incrementAndGet();
        }
        c.lastMillis = System.currentTimeMillis();
        if (listeners.isEmpty()) {
            return;
        }
        FetchExchange exchange = new FetchExchange(hostKey, status, Duration.ofNanos(nanos));
        for (FetchListener l : listeners) {
            try {
                l.exchanged(exchange);
            } catch (RuntimeException e) {
                LOG.warn("a fetch listener failed: {}", e.toString());
            }
        }
    }

    /** Every host asked so far, by host key; the politeness and robots.txt parts come from the fetcher. */
    List<HostStatistics> snapshot(HostPoliteness politeness, RobotsCache robots, List<UnreachableHost> unreachable) {
        List<HostStatistics> out = new ArrayList<>();
        hosts.forEach((host, c) -> {
            boolean open = unreachable.stream().anyMatch(u -> u.open() && u.host().equals(host));
            out.add(new HostStatistics(host, c.requests.get(), c.notModified.get(), c.tooMany.get(),
                    c.clientErrors.get(), c.serverErrors.get(), c.noAnswer.get(), politeness.currentDelay(host), politeness.inFlight(host),
                    robots == null ? "ignored" : robots.state(host),
                    c.lastMillis == 0 ? null : Instant.ofEpochMilli(c.lastMillis), open));
        });
        out.sort(Comparator.comparing(HostStatistics::host));
        return List.copyOf(out);
    }

    private static final class Counts {
        final AtomicLong requests = new AtomicLong();
        final AtomicLong notModified = new AtomicLong();
        final AtomicLong tooMany = new AtomicLong();
        final AtomicLong clientErrors = new AtomicLong();
        final AtomicLong serverErrors = new AtomicLong();
        final AtomicLong noAnswer = new AtomicLong();
        volatile long lastMillis;
    }
}
