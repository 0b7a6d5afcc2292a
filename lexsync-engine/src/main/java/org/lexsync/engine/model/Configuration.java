package org.lexsync.engine.model;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a {@code lexsync.yaml} says, typed: its sources and its server settings. Read with
 * {@code LexSync.readConfiguration}; every error names file, line and key ({@link ConfigException}).
 */
public record Configuration(Path file, List<Source> sources, ServerSettings server) {
    public Configuration {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(server, "server");
        sources = SourceList.of(sources);
    }

    /** The source with this id, if the file defines one (looked up by id, not scanned for). */
    public Optional<Source> source(String id) {
        return Optional.ofNullable(((SourceList) sources).byId(id));
    }

    /** The approved sources (the ones that run without being named), in file order. */
    public List<Source> approved() {
        return sources.stream().filter(Source::approved).toList();
    }
}
