package org.lexsync.bench.serve;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of a process and its children (nginx's master and workers) from {@code /proc/PID/stat} (user + system,
 * clock ticks of 10 ms), so a benchmark can report CPU per request beside requests/s on a shared machine.
 */
final class ProcessCpu {
    private static final double TICK_MS = 10.0;

    private ProcessCpu() {
    }

    /** Milliseconds of CPU used so far by {@code pid} and its direct children; 0 when /proc cannot tell. */
    static double millis(long pid) {
        long ticks = ticks(pid);
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                String[] f = fields(p.resolve("stat"));
                if (f != null && Long.parseLong(f[1]) == pid) {
                    ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return ticks * TICK_MS;
    }

    private static long ticks(long pid) {
        String[] f = fields(Path.of("/proc", Long.toString(pid), "stat"));
        return f == null ? 0 : Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** The fields after the command name: [0] state, [1] ppid, … [11] utime, [12] stime (proc(5)). */
    private static String[] fields(Path stat) {
        try {
            String s = Files.readString(stat);
            return s.substring(s.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
