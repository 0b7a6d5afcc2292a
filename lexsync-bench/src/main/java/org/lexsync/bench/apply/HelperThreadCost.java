package org.lexsync.bench.apply;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What one small apply call's helper thread costs, by the way it is had (issue 32: a scheduled check's read-ahead
 * planner, committer and announcer): a platform thread started and ended per call (before), a virtual thread per call,
 * or a platform thread borrowed from a shared pool (the engine's {@code ApplyThreads}). Each call hands two items over
 * a queue from the helper to the caller (a check's one or two planned changes and the end) and waits for the helper to
 * end, as {@code ReadAhead} does. Prints the process CPU per 1,000 calls; single-threaded callers, so the figure is
 * the mechanism's cost, not a wall-clock rate.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.apply.HelperThreadCost [calls] [rounds]</pre>
 */
public final class HelperThreadCost {
    private HelperThreadCost() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        ExecutorService pool = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
                new SynchronousQueue<>(), r -> Thread.ofPlatform().daemon(true).unstarted(r));
        Consumer<Runnable> platform = r -> Thread.ofPlatform().daemon(true).start(r);
        Consumer<Runnable> virtual = r -> Thread.ofVirtual().start(r);
        Consumer<Runnable> shared = pool::execute;
        for (int round = 0; round < rounds; round++) {
            for (var e : java.util.List.of(java.util.Map.entry("platform thread per call", platform),
                    java.util.Map.entry("virtual thread per call", virtual),
                    java.util.Map.entry("shared pool (ApplyThreads)", shared))) {
                double ms = cpuMillis(calls, e.getValue());
                System.out.printf(Locale.ROOT, "round %d %-28s %.1f CPU ms per 1,000 calls%n", round, e.getKey(),
                        ms * 1000 / calls);
            }
        }
        pool.shutdown();
    }

    private static double cpuMillis(int calls, Consumer<Runnable> start) throws InterruptedException {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long before = os.getProcessCpuTime();
        for (int i = 0; i < calls; i++) {
            BlockingQueue<Object> queue = new ArrayBlockingQueue<>(16);
            CountDownLatch done = new CountDownLatch(1);
            start.accept(() -> {
                try {
                    queue.put(i0());
                    queue.put(i0());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
            queue.take();
            queue.take();
            done.await();
        }
        return (os.getProcessCpuTime() - before) / 1e6;
    }

    private static Object i0() {
        return Boolean.TRUE;
    }
}
