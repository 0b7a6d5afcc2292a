package org.lexsync.cli;

import sun.misc.Signal;

/**
 * SIGTERM and SIGINT for a long-running command ({@code lexsync serve}): instead of the JVM's shutdown (which would
 * exit with 143 / 130 while the server winds down), the command is told, stops in order and exits 0.
 */
final class Signals {
    private Signals() {
    }

    /** Calls {@code action} (on a signal thread) when SIGTERM or SIGINT arrives. */
    static void onTermination(Runnable action) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), s -> action.run());
            } catch (IllegalArgumentException unavailable) {
                // the signal is not available on this platform, or ignored by the parent; the JVM's default stays
            }
        }
    }
}
