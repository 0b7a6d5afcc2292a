package org.lexsync.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU a JVM's JIT compiler threads used since this began watching it, read from Linux's
 * {@code /proc/PID/task/TID/stat}, so that a window right after start-up can be split into the one-off warm-up that
 * every JVM pays for itself (each node of a cluster, the ingestion benchmark's own) and the work per item. The JVM
 * starts and ends compiler threads as it needs them; {@link #sample} every few seconds keeps the CPU of a thread that
 * ends between two samples short of at most one interval. Zero on a system without {@code /proc}.
 */
public final class CompilerCpu {
    /** Clock ticks per second of {@code /proc}'s {@code utime}/{@code stime}: 100 on every Linux we run on. */
    private static final long TICKS_PER_SECOND = 100;

    private final Path tasks;
    private final Map<String, Long> first = new HashMap<>();
    private final Map<String, Long> last = new HashMap<>();

    public CompilerCpu(long pid) {
        this.tasks = Path.of("/proc", Long.toString(pid), "task");
        read(first);
        last.putAll(first);
    }

    /** Reads the compiler threads' CPU now (a thread new since the start counts from zero). */
    public void sample() {
        read(last);
    }

    /** The compiler threads' CPU between the start and the last {@link #sample}. */
    public Duration used() {
        long ticks = 0;
        for (Map.Entry<String, Long> e : last.entrySet()) {
            ticks += e.getValue() - first.getOrDefault(e.getKey(), 0L);
        }
        return Duration.ofMillis(Math.max(0, ticks) * 1000 / TICKS_PER_SECOND);
    }

    private void read(Map<String, Long> into) {
        if (!Files.isDirectory(tasks)) {
            return;
        }
        try (Stream<Path> list = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) list::iterator) {
                try {
                    String name = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip();
                    if (!name.startsWith("C1 CompilerThre") && !name.startsWith("C2 CompilerThre")) {
                        continue;
                    }
                    String stat = Files.readString(task.resolve("stat"), StandardCharsets.UTF_8);
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    // after the name: state is field 3 of stat(5), utime 14 and stime 15
                    into.put(task.getFileName().toString(), Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                } catch (IOException | RuntimeException gone) {
                    // the thread ended while being read
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the process ended
        }
    }
}
