package org.lexsync.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * SIGTERM and SIGINT for a long-running command ({@code lexsync serve}): a JVM shutdown hook tells the command,
 * waits until it has stopped in order (at most {@link #GRACE}) and then ends the JVM with exit code 0 instead of the
 * 143 / 130 of a process killed by the signal: for the server a stop by signal is its normal end. Closing removes
 * the hook (a command run inside another JVM, e.g. a test, leaves no hook behind).
 */
final class Signals implements AutoCloseable {
    /** Longest wait for the command to stop after a signal. */
    static final Duration GRACE = Duration.ofSeconds(20);

    private final Thread hook;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean signalled;

    private Signals(Runnable action) {
        this.hook = Thread.ofPlatform().name("lexsync-serve-stop").unstarted(() -> {
            signalled = true;
            action.run();
            try {
                done.await(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(0);
        });
    }

    /** Calls {@code action} when SIGTERM or SIGINT asks the JVM to end, until closed. */
    static Signals onTermination(Runnable action) {
        Signals s = new Signals(action);
        Runtime.getRuntime().addShutdownHook(s.hook);
        return s;
    }

    /** The command has stopped: after a signal the JVM ends now (exit 0); otherwise the hook is removed. */
    @Override
    public void close() {
        done.countDown();
        if (!signalled) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already ending
            }
        }
    }

}
