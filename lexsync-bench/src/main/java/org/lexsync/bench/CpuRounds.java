package org.lexsync.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.function.IntToLongFunction;

/**
 * The loop of the CPU-per-item micro benchmarks ({@code MetaInfoCpu}, {@code SitemapSchemaCpu}): rounds of one piece
 * of work, each round's CPU of this thread per item and the JIT compiler threads' CPU in the round apart, then the
 * second half's mean. The thread's CPU, not the wall clock, so that the other work on a shared machine does not count.
 */
public final class CpuRounds {
    private CpuRounds() {
    }

    /**
     * Runs {@code rounds} rounds of {@code perRound} items; {@code item} does item {@code i} and returns how many
     * findings it produced (summed in the table, so that two builds can be seen to report the same).
     */
    public static void run(int rounds, int perRound, String itemName, IntToLongFunction item) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        CompilerCpu jit = new CompilerCpu(ProcessHandle.current().pid());
        System.out.println("round\titems\tCPU µs/" + itemName + "\tJIT ms in round\tfindings");
        long findings = 0;
        long steadyCpu = 0;
        int steadyRounds = 0;
        long jitBefore = 0;
        for (int round = 1; round <= rounds; round++) {
            long cpu = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < perRound; i++) {
                findings += item.applyAsLong(i);
            }
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            jit.sample();
            long jitNow = jit.used().toMillis();
            if (round > rounds / 2) {
                steadyCpu += cpu;
                steadyRounds++;
            }
            System.out.printf(Locale.ROOT, "%d\t%d\t%.1f\t%d\t%d%n", round, round * perRound,
                    cpu / 1e3 / perRound, jitNow - jitBefore, findings);
            jitBefore = jitNow;
        }
        System.out.printf(Locale.ROOT, "second half: %.1f µs CPU per %s; JIT %d ms in all%n",
                steadyCpu / 1e3 / ((long) steadyRounds * perRound), itemName, jit.used().toMillis());
    }
}
