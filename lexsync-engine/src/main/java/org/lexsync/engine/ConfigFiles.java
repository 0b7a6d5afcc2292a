package org.lexsync.engine;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.config.ConfigReader;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.config.PublishConfig;
import org.lexsync.engine.config.SourceConfig;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.Source;

/**
 * Reads {@code lexsync.yaml} for the facade: the config package reads the file, and each source's options are read
 * here by its protocol's harvester (the config package may not depend on the harvest SPI, which depends on it).
 */
final class ConfigFiles {
    private ConfigFiles() {
    }

    /** The whole file: its sources with typed options, and its {@code server:} section. */
    static Configuration read(Path file) {
        LexsyncConfig config = reader().read(file);
        List<Source> list = new ArrayList<>();
        for (SourceConfig c : config.sources()) {
            Harvester h = SourceRegistry.harvester(c.protocol());
            list.add(new Source(c.id(), c.urls(), c.typedOptions() != null ? c.typedOptions() : h.options(c.options()), c.delay(), c.concurrency(), c.schedule(),
                    c.approved(), c.contact(), c.giveUp() == null ? GiveUpRule.DEFAULT
                    : c.giveUp()));
        }
        return new Configuration(file, list, config.server());
    }

    /** Publishing settings from the file's {@code publish:} section (none when null or absent), see the facade. */
    static PublishSettings.Builder publishSettings(@Nullable Path configFile, @Nullable URI baseUrl) {
        PublishConfig section = configFile == null || !Files.exists(configFile)
                ? PublishConfig.NONE
                : reader().read(configFile).publish();
        return section.settings(baseUrl);
    }

    static java.util.Optional<URI> contentBaseUrl(@Nullable Path configFile) {
        PublishConfig section = configFile == null || !Files.exists(configFile)
                ? PublishConfig.NONE
                : reader().read(configFile).publish();
        return java.util.Optional.ofNullable(section.contentBaseUrl());
    }

    /** The file's {@code publish:} section ({@link PublishConfig#NONE} when null or absent). */
    static PublishConfig publishSection(@Nullable Path configFile) {
        return configFile == null || !Files.exists(configFile) ? PublishConfig.NONE : reader().read(configFile).publish();
    }

    private static ConfigReader reader() {
        return new ConfigReader(Set.copyOf(org.lexsync.engine.harvest.Harvesters.protocols()));
    }
}
