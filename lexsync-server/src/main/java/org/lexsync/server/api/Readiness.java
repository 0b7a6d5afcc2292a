package org.lexsync.server.api;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.server.ServerContext;
import org.lexsync.server.SourceControl;
import org.lexsync.server.SourceStatuses;

/**
 * {@code GET /readyz}: whether this node can do its work — the database answers (within {@link #DATABASE_WAIT}) and is
 * writable, the data directory takes a write that is flushed to disk, its volume has more free space than
 * {@code server.min-free-space}, the scheduler runs and polls, and the remote stores the node depends on (object store,
 * SPARQL store; issue 31) answer. Each check is named with what failed, and
 * {@code reason} sums up the failed ones, so a load balancer's log says why.
 */
record Readiness(boolean ready, @Nullable String reason, Map<String, String> checks) {
    static final String OK = "ok";
    /** Longest wait for the database before it is reported unreachable (a pool waits 30 s for a connection). */
    static final Duration DATABASE_WAIT = Duration.ofSeconds(3);
    /** Bytes the directory probe writes and flushes: a full disk refuses them where an empty file would pass. */
    private static final int PROBE_BYTES = 4096;

    static Readiness check(LexSync lexsync, ServerContext context) {
        Map<String, String> checks = new LinkedHashMap<>();
        checks.put("database", database(lexsync));
        Path dir = lexsync.operations().dataDirectory();
        checks.put("dataDirectory", dataDirectory(dir));
        checks.put("freeSpace", freeSpace(dir, context.settings().minFreeBytes()));
        checks.put("scheduler", scheduler(context));
        lexsync.operations().remoteStoreProbes().forEach((name, probe) -> checks.put(name, remote(name, probe)));
        List<String> failed = new ArrayList<>();
        checks.forEach((name, state) -> {
            if (!state.equals(OK)) {
                failed.add(name + ": " + state);
            }
        });
        return new Readiness(failed.isEmpty(), failed.isEmpty() ? null : String.join("; ", failed), checks);
    }

    private static String database(LexSync lexsync) {
        if (lexsync.operations().readOnly()) {
            return "read-only: the store was opened read-only";
        }
        return answers("database", lexsync.store()::lastSeq);
    }

    /** A remote store this node depends on (object store, SPARQL store; issue 31) answers within the same wait. */
    private static String remote(String name, Runnable probe) {
        return answers(name, () -> {
            probe.run();
            return null;
        });
    }

    /** {@link #OK} when {@code call} returns within {@link #DATABASE_WAIT}, else why it did not. */
    private static String answers(String name, java.util.function.Supplier<?> call) {
        CompletableFuture<?> answer = CompletableFuture.supplyAsync(call,
                r -> Thread.ofVirtual().name("readyz-" + name).start(r));
        try {
            answer.get(DATABASE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            return OK;
        } catch (TimeoutException e) {
            answer.cancel(true);
            return "unreachable: no answer within " + DATABASE_WAIT.toSeconds() + " s";
        } catch (ExecutionException e) {
            return "unreachable: " + e.getCause().getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unreachable: interrupted while waiting for it";
        }
    }

    private static String dataDirectory(Path dir) {
        Path probe = null;
        try {
            probe = Files.createTempFile(Files.createDirectories(dir.resolve("tmp")), "readyz-", ".probe");
            try (FileChannel ch = FileChannel.open(probe, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.allocate(PROBE_BYTES));
                ch.force(true);
            }
            return OK;
        } catch (IOException | RuntimeException e) {
            return "not writable: " + dir.toAbsolutePath() + " (" + e.getMessage() + ")";
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException ignored) {
                    // a read-only or vanished directory: the check above says so
                }
            }
        }
    }

    private static String freeSpace(Path dir, long floor) {
        try {
            FileStore store = Files.getFileStore(Files.exists(dir) ? dir : dir.toAbsolutePath().getParent());
            long free = store.getUsableSpace();
            if (free < floor) {
                return String.format(Locale.ROOT, "below the floor: %s free on the volume of %s, less than"
                        + " server.min-free-space %s", size(free), dir.toAbsolutePath(), size(floor));
            }
            return OK;
        } catch (IOException | RuntimeException e) {
            return "unknown: " + e.getMessage();
        }
    }

    private static String scheduler(ServerContext context) {
        SourceControl control = SourceStatuses.control(context);
        if (control == null) {
            return "not running (this server runs no scheduler)";
        }
        try {
            if (!control.running()) {
                return "not running";
            }
            Optional<String> silent = control.notPolling(Instant.now(context.clock()));
            return silent.orElse(OK);
        } catch (RuntimeException e) {
            return "not running: " + e.getMessage();
        }
    }

    static String size(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%d KB", bytes / 1024);
    }
}
