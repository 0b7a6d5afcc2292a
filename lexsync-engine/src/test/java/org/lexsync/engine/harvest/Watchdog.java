package org.lexsync.engine.harvest;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a sync on its own thread and fails the test, with that thread's stack, when it does not end within a
 * generous limit: a property that drives hundreds of syncs must report a hung one, not hang the build. Not
 * a timing assertion — the limit is two orders of magnitude above a normal run.
 *
 * <p>The wait is a {@link CompletableFuture#get(long, TimeUnit)}, a managed block: jqwik shrinks on a
 * common-pool thread, and the JDK HttpClient completes every {@code sendAsync} through the common pool
 * (whose only worker on a two-core machine would otherwise be the one waiting here — a deadlock).
 */
public final class Watchdog {

    private Watchdog() {
    }

    /** The result of {@code work}; an AssertionError naming {@code context} when it takes longer than {@code limit}. */
    public static <T> T call(Duration limit, Supplier<String> context, Callable<T> work) {
        Thread[] runner = new Thread[1];
        CompletableFuture<T> future = CompletableFuture.supplyAsync(() -> {
            try {
                return work.call();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, r -> {
            Thread t = new Thread(r, "watched-sync");
            t.setDaemon(true);
            runner[0] = t;
            t.start();
        });
        try {
            return future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            StringBuilder stack = new StringBuilder();
            for (StackTraceElement f : runner[0].getStackTrace()) {
                stack.append("\n    at ").append(f);
            }
            runner[0].interrupt();
            throw new AssertionError(String.format(Locale.ROOT, "did not end within %d s%n%s%n  stack of the waited-for thread:%s",
                    limit.toSeconds(), context.get(), stack));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException c && c.getCause() != null ? c.getCause()
                    : e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a sync", e);
        }
    }
}
