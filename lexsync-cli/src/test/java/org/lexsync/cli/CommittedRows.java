package org.lexsync.cli;

import java.nio.file.Path;
import java.time.Duration;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * What a child {@code lexsync} process has committed to its SQLite store, read from this test's JVM: the kill and
 * signal tests wait for a first committed batch instead of for a fixed time, so that a kill lands mid-run however
 * loaded the machine is.
 */
final class CommittedRows {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    private CommittedRows() {
    }

    /** The journal's last sequence number of the store in {@code store}; 0 while there is no store yet. */
    static long count(Path store) {
        if (!Store.exists(StoreConfig.of(store))) {
            return 0;
        }
        try (Store s = Store.openExisting(StoreConfig.of(store))) {
            return s.journal().lastSeq();
        } catch (RuntimeException notYet) {
            return 0;
        }
    }

    /** Waits until {@code child} committed a first batch to {@code store} while still running. */
    static void await(Path store, Process child) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!child.isAlive()) {
                throw new AssertionError("the child ended before committing anything: exit " + child.exitValue());
            }
            if (count(store) > 0) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no batch committed within " + LIMIT.toSeconds() + " s");
    }
}
