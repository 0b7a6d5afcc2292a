package org.lexsync.server.api;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.lexsync.server.ServerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks {@link Readiness} every {@link #EVERY} and on each {@code /readyz}, and logs each check's changes only: one
 * warning when a check starts failing (a full disk, a read-only store, an unreachable database, a scheduler that
 * stopped polling) and one line when it is ok again — not a line or a stack trace per failed write or per run.
 */
final class ReadinessMonitor implements AutoCloseable {
    static final Duration EVERY = Duration.ofSeconds(5);
    private static final Logger LOG = LoggerFactory.getLogger(ReadinessMonitor.class);

    private final ServerContext context;
    /** Each check's failure as last logged; absent while ok. */
    private final Map<String, String> failing = new HashMap<>();
    private @Nullable ScheduledExecutorService timer;

    ReadinessMonitor(ServerContext context) {
        this.context = context;
    }

    /** Checks now, logging what changed since the last check. */
    Readiness check() {
        Readiness r = Readiness.check(context.lexsync(), context);
        observe(r);
        return r;
    }

    private synchronized void observe(Readiness r) {
        r.checks().forEach((name, state) -> {
            boolean ok = state.equals(Readiness.OK);
            String before = failing.get(name);
            if (!ok && before == null) {
                failing.put(name, state);
                LOG.warn("not ready: {}: {}", name, state);
            } else if (ok && before != null) {
                failing.remove(name);
                LOG.info("ready again: {} is ok (was: {})", name, before);
            }
        });
    }

    synchronized void start() {
        if (timer != null) {
            return;
        }
        ScheduledExecutorService t = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "lexsync-readiness");
            thread.setDaemon(true);
            return thread;
        });
        t.scheduleWithFixedDelay(() -> {
            try {
                check();
            } catch (RuntimeException e) {
                LOG.debug("readiness check failed: {}", e.toString());
            }
        }, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
        timer = t;
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }
}
