package org.lexsync.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/** Peak memory of this JVM for the end-to-end harnesses: heap pools' peaks (resettable) and the peak RSS. */
public final class HeapPeaks {
    private HeapPeaks() {
    }

    /** Starts a new measurement of the heap pools' peaks. */
    public static void reset() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    /** Sum of the heap pools' peaks since {@link #reset()} (an upper bound on the peak of their sum), in bytes. */
    public static long heap() {
        long total = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                total += pool.getPeakUsage().getUsed();
            }
        }
        return total;
    }

    /** VmHWM from /proc/self/status: the peak resident set of this process, in KB (0 off Linux). */
    public static long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
