package org.lexsync.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.Source;

/**
 * Finds and reads {@code lexsync.yaml}: the {@code --config} file, else the one in the working directory, else
 * the one in the data directory (a project directory's file wins over the store's, as with other tools).
 */
final class ConfigFiles {

    private ConfigFiles() {
    }

    /** The configuration file to use, or null when none was given and neither directory has one. */
    static Path locate(Path given, StoreOptions store) {
        if (given != null) {
            return given;
        }
        for (Path candidate : candidates(store)) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** Where {@link #locate} looks without --config, in order. */
    static List<Path> candidates(StoreOptions store) {
        Path here = Path.of(LexSync.CONFIG_FILE);
        Path inStore = store.dataDir().resolve(LexSync.CONFIG_FILE);
        return here.toAbsolutePath().normalize().equals(inStore.toAbsolutePath().normalize()) ? List.of(here)
                : List.of(here, inStore);
    }

    /** "./lexsync.yaml nor DIR/lexsync.yaml", for messages saying where no file was found. */
    static String lookedIn(StoreOptions store) {
        return String.join(" nor ", candidates(store).stream().map(p -> p.toAbsolutePath().normalize().toString())
                .toList());
    }

    /** Reads the file's sources; a bad configuration is a usage error (exit code 2) naming the key and line. */
    static List<Source> read(Path file) {
        try {
            return LexSync.readConfig(file);
        } catch (ConfigException e) {
            throw new Main.UsageException("configuration error: " + e.getMessage());
        }
    }
}
