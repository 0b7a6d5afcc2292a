package org.lexsync.engine.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.lexsync.engine.model.ServerSettings;

/**
 * The sources a LexSync installation collects from, and its server settings, as read from {@code lexsync.yaml} (by default in the
 * data directory). A source added to the file needs no other step: the next {@code lexsync sync --config}
 * or scheduled run picks it up.
 */
public record LexsyncConfig(Path file, List<SourceConfig> sources, ServerSettings server, PublishConfig publish) {
    /** The file name looked for in the data directory when no {@code --config} is given. */
    public static final String DEFAULT_FILE_NAME = "lexsync.yaml";

    public LexsyncConfig {
        sources = List.copyOf(sources);
        server = server == null ? ServerSettings.DEFAULTS : server;
        publish = publish == null ? PublishConfig.NONE : publish;
    }

    /** A file with these sources and neither a {@code server:} nor a {@code publish:} section. */
    public LexsyncConfig(Path file, List<SourceConfig> sources) {
        this(file, sources, ServerSettings.DEFAULTS, PublishConfig.NONE);
    }

    public Optional<SourceConfig> source(String id) {
        return sources.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /** The approved sources, in file order. */
    public List<SourceConfig> approved() {
        return sources.stream().filter(SourceConfig::approved).toList();
    }
}
