package org.lexsync.engine.fetch;

import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The threads that talk to each host: every exchange with a host (its slot, the request, the response and its body)
 * runs on a platform thread of that host's lane, which goes on to the next queued exchange as soon as one ends.
 * <p>
 * Why not on the caller's virtual thread: at the default of one request in flight per host the exchanges of a harvest
 * follow one another, so their sum is the harvest's duration. On virtual threads each exchange parked on every
 * blocking read and was woken through the JDK's poller and timer threads, and each freed slot had to wake another
 * virtual thread onto a carrier before the next request could leave (docs/benchmarks.md, "Cold one-shot sync",
 * session 10). A lane thread blocks in the kernel and starts the next request itself. The callers (virtual threads)
 * wait for their exchange's result and do everything else — planning, verifying, committing — off that path.
 * <p>
 * A lane has as many threads as the host may have requests in flight (at most {@link #MAX_WIDTH}: a host allowing more
 * is not served by a lane, see {@code HostPoliteness.exchange}), serves its queue
 * first come first served, and lets its threads end after {@link #IDLE_SECONDS} idle seconds; the per-host scheduler
 * still grants every slot, so a lane never makes a host busier than its politeness allows. A caller that gives up
 * (is interrupted) cancels its exchange: the lane thread is interrupted and the exchange's connection closed
 * ({@link #onCancel}), since a platform thread's blocking socket read does not end on an interrupt.
 */
final class HostLanes implements AutoCloseable {
    /** The most requests in flight to one host that a lane serves; wider hosts are served on the callers' threads. */
    static final int MAX_WIDTH = 4;
    private static final long IDLE_SECONDS = 10;
    /** The cancellation of the exchange running on this lane thread (none on other threads). */
    private static final ThreadLocal<Cancellation> RUNNING = new ThreadLocal<>();

    private final ConcurrentHashMap<String, ThreadPoolExecutor> lanes = new ConcurrentHashMap<>();
    private final Set<Cancellation> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * Runs {@code exchange} on {@code hostKey}'s lane, {@code width} wide, and waits for its result. When the caller
     * is interrupted the exchange is cancelled (its thread interrupted); a result that was ready anyway is handed to
     * {@code discard}, so that nothing it holds (a temp file) is left behind.
     */
    <T> T run(String hostKey, int width, Callable<T> exchange, Consumer<? super T> discard)
            throws InterruptedException {
        // set once, by whichever comes first: the exchange delivering its result, or the caller giving up on it
        AtomicBoolean settled = new AtomicBoolean();
        Cancellation cancellation = new Cancellation();
        Future<T> result;
        try {
            result = lane(hostKey, width).submit(() -> {
                RUNNING.set(cancellation);
                running.add(cancellation);
                try {
                    T value = exchange.call();
                    if (settled.getAndSet(true)) {
                        discard.accept(value);
                    }
                    return value;
                } finally {
                    running.remove(cancellation);
                    RUNNING.remove();
                }
            });
        } catch (RejectedExecutionException e) {
            throw new InterruptedException("the fetcher is closed");
        }
        try {
            return result.get();
        } catch (InterruptedException e) {
            if (settled.getAndSet(true)) {
                discardFinished(result, discard);
            } else {
                result.cancel(true);
                cancellation.cancel();
            }
            throw e;
        } catch (CancellationException e) {
            throw new InterruptedException("the fetcher was closed during the exchange");
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        }
    }

    /**
     * Called by an exchange on its lane thread: {@code abort} is run (at once if that happened already) when the
     * exchange's caller gives up on it. An interrupt alone does not end a platform thread's blocking socket read, so an
     * exchange registers what ends it (closing its connection); without that the host's slot would stay held until
     * the read timeout. Elsewhere (not on a lane) this does nothing.
     */
    static void onCancel(Runnable abort) {
        Cancellation c = RUNNING.get();
        if (c != null) {
            c.onCancel(abort);
        }
    }

    /** What ends one exchange early, and whether its caller gave up on it. */
    private static final class Cancellation {
        private Runnable abort;
        private boolean cancelled;

        synchronized void onCancel(Runnable action) {
            if (cancelled) {
                action.run();
            } else {
                abort = action;
            }
        }

        void cancel() {
            Runnable action;
            synchronized (this) {
                cancelled = true;
                action = abort;
            }
            if (action != null) {
                action.run();
            }
        }
    }

    /** The exchange delivered its result before the caller gave up: the result is the caller's to drop. */
    private static <T> void discardFinished(Future<T> result, Consumer<? super T> discard) {
        try {
            discard.accept(result.get());
        } catch (ExecutionException | CancellationException e) {
            // the exchange failed after all: nothing was produced
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // cannot happen: the result is set; keep the flag if it does
        }
    }

    private static InterruptedException rethrow(Throwable cause) {
        if (cause instanceof RuntimeException re) {
            throw re;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        if (cause instanceof InterruptedException ie) {
            return ie;
        }
        throw new IllegalStateException("an exchange failed without saying why", cause);
    }

    private ThreadPoolExecutor lane(String hostKey, int width) {
        if (closed) {
            throw new RejectedExecutionException("closed");
        }
        int w = Math.max(1, Math.min(width, MAX_WIDTH));
        ThreadPoolExecutor lane = lanes.computeIfAbsent(hostKey, k -> newLane(k, w));
        if (lane.getMaximumPoolSize() != w) {
            resize(lane, w);
        }
        return lane;
    }

    private static ThreadPoolExecutor newLane(String hostKey, int width) {
        ThreadPoolExecutor lane = new ThreadPoolExecutor(width, width, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), Thread.ofPlatform().name("lexsync-fetch " + hostKey + " #", 1)
                .daemon(true).factory());
        lane.allowCoreThreadTimeOut(true);
        return lane;
    }

    private static void resize(ThreadPoolExecutor lane, int width) {
        synchronized (lane) {
            if (width > lane.getMaximumPoolSize()) {
                lane.setMaximumPoolSize(width);
                lane.setCorePoolSize(width);
            } else if (width < lane.getMaximumPoolSize()) {
                lane.setCorePoolSize(width);
                lane.setMaximumPoolSize(width);
            }
        }
    }

    /** Ends the exchanges in progress and refuses new ones; their callers see an interruption. */
    @Override
    public void close() {
        closed = true;
        for (ThreadPoolExecutor lane : lanes.values()) {
            for (Runnable queued : lane.shutdownNow()) {
                if (queued instanceof Future<?> f) {
                    f.cancel(false);
                }
            }
        }
        running.forEach(Cancellation::cancel); // after the interrupts, so that the exchanges end as interrupted
    }
}
