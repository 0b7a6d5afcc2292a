package org.lexsync.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.lexsync.engine.config.ConfigException;
import org.lexsync.engine.config.ConfigReader;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.harvest.Harvesters;

/** Finds and reads {@code lexsync.yaml}: the {@code --config} file, else the one in the data directory. */
final class ConfigFiles {

    private ConfigFiles() {
    }

    /** The configuration file to use, or null when none was given and the data directory has none. */
    static Path locate(Path given, StoreOptions store) {
        if (given != null) {
            return given;
        }
        Path fallback = store.dataDir().resolve(LexsyncConfig.DEFAULT_FILE_NAME);
        return Files.isRegularFile(fallback) ? fallback : null;
    }

    /** Reads the file; a bad configuration is a usage error (exit code 2) naming the key and line. */
    static LexsyncConfig read(Path file) {
        try {
            return new ConfigReader(new java.util.HashSet<>(Harvesters.protocols())).read(file);
        } catch (ConfigException e) {
            throw new Main.UsageException("configuration error: " + e.getMessage());
        }
    }
}
