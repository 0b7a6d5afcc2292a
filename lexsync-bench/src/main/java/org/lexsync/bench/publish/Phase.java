package org.lexsync.bench.publish;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * One measured step of {@link PublishBenchmark}: wall time, the process's CPU time (all threads, GC and JIT
 * included) and the entries and bytes it produced; several add up to an overall figure.
 */
final class Phase {
    /** Wall clock and process CPU at the start of a step. */
    record Mark(long nanos, long cpuNanos) {
    }

    final String name;
    double wall;
    double cpu;
    long entries;
    long bytes;
    long documents;
    long heapMax;

    Phase(String name) {
        this.name = name;
    }

    static Mark mark() {
        return new Mark(System.nanoTime(), cpuNanos());
    }

    /** The process's CPU time in nanoseconds (0 when the JVM does not tell). */
    static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

    void end(Mark m, long entries, long bytes, HeapSampler sampler) {
        this.wall = (System.nanoTime() - m.nanos()) / 1e9;
        this.cpu = (cpuNanos() - m.cpuNanos()) / 1e9;
        this.entries = entries;
        this.bytes = bytes;
        this.heapMax = sampler.max();
    }

    void add(Phase p) {
        wall += p.wall;
        cpu += p.cpu;
        entries += p.entries;
        bytes += p.bytes;
        documents += p.documents;
        heapMax = Math.max(heapMax, p.heapMax);
    }

    void print() {
        System.out.printf(Locale.ROOT, "%s: %d documents, %d entries, %d MB in %.1f s wall = %.0f entries/s;"
                        + " %.1f s CPU = %.3f CPU s per 1,000 entries (%.0f entries per CPU second); heap used max"
                        + " %d MB%n", name, documents, entries, bytes >> 20, wall, entries / wall, cpu,
                cpu * 1000 / entries, entries / cpu, heapMax >> 20);
    }
}
