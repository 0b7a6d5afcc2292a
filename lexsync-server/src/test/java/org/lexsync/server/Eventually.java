package org.lexsync.server;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for a background effect of the server (a scheduled run, a reload) to show, polling; the limit is generous
 * and only guards against hanging, it is not a speed assertion.
 */
public final class Eventually {
    private Eventually() {
    }

    /** Polls {@code condition} every 100 ms until true; fails with {@code what} after {@code limit}. */
    public static void until(String what, Duration limit, BooleanSupplier condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + limit + ": " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for: " + what, e);
            }
        }
    }
}
