package org.lexsync.server.api;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.lexsync.server.ServerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks {@link Readiness} every {@link #EVERY} and on each {@code /readyz}, and logs each check's changes only: one
 * warning when a check starts failing (a full disk, a read-only store, an unreachable database, a scheduler that
 * stopped polling) and one line when it is ok again — not a line or a stack trace per failed write or per run.
 *
 * <p>A failure is logged at once, but its recovery only once the check has stayed ok for {@link #SETTLE}: on a full
 * disk the server's own clean-up (a temporary file or a journal deleted) frees a few kilobytes for a moment, and the
 * probe passes once between failures. Without the settle time that flap logged "ready again" and "not ready" again
 * for one condition. {@code /readyz} itself answers what it sees now; only the log waits.
 */
final class ReadinessMonitor implements AutoCloseable {
    static final Duration EVERY = Duration.ofSeconds(5);
    /** How long a failed check must stay ok before its recovery is logged. */
    static final Duration SETTLE = Duration.ofSeconds(2);
    private static final Logger LOG = LoggerFactory.getLogger(ReadinessMonitor.class);

    private final ServerContext context;
    private final LogOfChanges changes;
    private @Nullable ScheduledExecutorService timer;

    ReadinessMonitor(ServerContext context) {
        this.context = context;
        this.changes = new LogOfChanges(SETTLE, System::nanoTime);
    }

    /** Checks now, logging what changed since the last check. */
    Readiness check() {
        Readiness r = Readiness.check(context.lexsync(), context);
        changes.observe(r.checks());
        return r;
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

    /** Each check's state as last logged, and the logging of its changes; a recovery counts after {@code settle}. */
    static final class LogOfChanges {
        private final long settleNanos;
        private final LongSupplier nanoTime;
        /** Each failing check: its failure as logged, and since when it has been ok again (or not). */
        private final Map<String, Failure> failing = new HashMap<>();

        LogOfChanges(Duration settle, LongSupplier nanoTime) {
            this.settleNanos = settle.toNanos();
            this.nanoTime = nanoTime;
        }

        synchronized void observe(Map<String, String> checks) {
            long now = nanoTime.getAsLong();
            checks.forEach((name, state) -> {
                boolean ok = state.equals(Readiness.OK);
                Failure before = failing.get(name);
                if (before == null) {
                    if (!ok) {
                        failing.put(name, new Failure(state, null));
                        LOG.warn("not ready: {}: {}", name, state);
                    }
                } else if (!ok) {
                    failing.put(name, new Failure(before.state(), null)); // a flap: still the one logged failure
                } else if (before.okSince() == null) {
                    failing.put(name, new Failure(before.state(), now));
                } else if (now - before.okSince() >= settleNanos) {
                    recovered(name, before);
                }
            });
        }

        private void recovered(String name, Failure before) {
            failing.remove(name);
            LOG.info("ready again: {} is ok (was: {})", name, before.state());
        }

        private record Failure(String state, @Nullable Long okSince) {
        }
    }
}
