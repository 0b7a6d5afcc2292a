package org.lexsync.engine.store;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The process that holds a run (issue 13.3): its pid, host and start time. A run still {@code running} whose
 * holder on this host is gone (no such pid, or a pid reused by a process started at another time) was
 * interrupted. A holder on another host cannot be checked from here and is taken to be alive.
 */
record RunHolder(long pid, String host, String started) {
    private static final RunHolder CURRENT = of(ProcessHandle.current());

    /** This process. */
    static RunHolder current() {
        return CURRENT;
    }

    static RunHolder of(ProcessHandle p) {
        return new RunHolder(p.pid(), hostName(), p.info().startInstant().map(Instant::toString).orElse(null));
    }

    /** False when the holder ran on this host and its process has ended. */
    boolean alive() {
        if (!CURRENT.host().equals(host)) {
            return true;
        }
        if (pid == CURRENT.pid() && java.util.Objects.equals(started, CURRENT.started())) {
            return true;
        }
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty() || !p.get().isAlive()) {
            return false;
        }
        String start = p.get().info().startInstant().map(Instant::toString).orElse(null);
        return started == null || start == null || started.equals(start);
    }

    /** The kernel's host name (no DNS lookup, which can take seconds), else the JDK's. */
    private static String hostName() {
        Path proc = Path.of("/proc/sys/kernel/hostname");
        try {
            if (Files.isReadable(proc)) {
                String name = Files.readString(proc, StandardCharsets.UTF_8).trim();
                if (!name.isEmpty()) {
                    return name;
                }
            }
        } catch (IOException ignored) {
            // fall back to the JDK
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
