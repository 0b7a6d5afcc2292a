package org.lexsync.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a harvest on the command line end cleanly on SIGINT (Ctrl-C) or SIGTERM (issue 13.3): a JVM shutdown
 * hook interrupts the harvesting thread, which lets the batch being committed finish, stores the checkpoint,
 * marks the run interrupted and prints what was kept; the hook waits for that (at most {@link #GRACE}) and
 * the JVM then exits with 128 + the signal's number (130, 143). Installed for one harvest and removed after.
 */
final class GracefulStop implements AutoCloseable {
    /** How long the JVM waits for the harvest to wind down before it exits anyway. */
    static final Duration GRACE = Duration.ofSeconds(20);

    private final Thread worker;
    private final Thread hook;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile Instant requested;

    private GracefulStop(Thread worker) {
        this.worker = worker;
        this.hook = Thread.ofPlatform().name("lexsync-stop").unstarted(this::stop);
    }

    /** Guards the harvest running on the calling thread. */
    static GracefulStop install() {
        GracefulStop stop = new GracefulStop(Thread.currentThread());
        Runtime.getRuntime().addShutdownHook(stop.hook);
        return stop;
    }

    /** True once a signal asked the harvest to stop. */
    boolean requested() {
        return requested != null;
    }

    /** When the stop was asked for (null if never). */
    Instant requestedAt() {
        return requested;
    }

    private void stop() {
        requested = Instant.now();
        worker.interrupt();
        try {
            done.await(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The harvest has ended and said what it kept: the JVM may exit now. */
    @Override
    public void close() {
        done.countDown();
        if (requested == null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting
            }
        }
    }

    /** The harvest was stopped by a signal; what it kept has been printed. */
    static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped(String message) {
            super(message, null, false, false);
        }
    }
}
