package org.lexsync.engine.harvest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Consumer;

/**
 * A fresh temporary directory per property try (jqwik has no per-try {@code @TempDir}), deleted afterwards.
 */
public final class TempDirs {

    private TempDirs() {
    }

    /** Calls {@code body} with a new empty directory and deletes it afterwards, whatever happens. */
    public static void with(Consumer<Path> body) {
        Path dir;
        try {
            dir = Files.createTempDirectory("lexsync-live-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            body.accept(dir);
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temporary directory left behind is harmless
            }
        }
    }
}
