package org.lexsync.bench.publish;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Samples {@code MemoryMXBean.getHeapMemoryUsage().getUsed()} every 20 ms on a daemon thread and keeps the
 * maximum (per step, resettable, and over the whole run): what the heap held at once, garbage included, as a
 * check beside the GC log's figures.
 */
final class HeapSampler {
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final Thread thread;
    private volatile long max;
    private volatile long overall;
    private volatile boolean running = true;

    private HeapSampler() {
        thread = new Thread(this::loop, "heap-sampler");
        thread.setDaemon(true);
    }

    static HeapSampler start() {
        HeapSampler s = new HeapSampler();
        s.thread.start();
        return s;
    }

    private void loop() {
        while (running) {
            sample();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void sample() {
        long used = memory.getHeapMemoryUsage().getUsed();
        if (used > max) {
            max = used;
        }
        if (used > overall) {
            overall = used;
        }
    }

    synchronized void reset() {
        max = 0;
        sample();
    }

    long max() {
        sample();
        return max;
    }

    long overallMax() {
        return overall;
    }

    void stop() {
        running = false;
        thread.interrupt();
    }
}
