package org.lexsync.engine;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PublishSettings;

/**
 * The {@code publish:} section of a {@code lexsync.yaml}, read for the front ends that republish (the server,
 * {@code lexsync export}/{@code publish}); pass the settings to {@link LexSync#publication}. A static helper of its
 * own: reading a file needs no store.
 */
public final class PublishConfigs {
    private PublishConfigs() {
    }

    /**
     * Publishing settings from the {@code publish:} section of {@code configFile} (none when null or absent), with
     * {@code baseUrl} overriding the file's {@code base-url}; the caller's flags override the rest on the builder.
     * A bad value is a {@link org.lexsync.engine.model.ConfigException} naming file, line and key; no base URL at
     * all an {@link IllegalArgumentException} saying so.
     */
    public static PublishSettings.Builder settings(@Nullable Path configFile, @Nullable URI baseUrl) {
        return ConfigFiles.publishSettings(configFile, baseUrl);
    }

    /**
     * The {@code publish.content-base-url} of {@code configFile}: the server's second origin for harvested, ingested
     * and dumped bytes (docs/api.md, "Security headers"), empty when not given. A bad value is a
     * {@link org.lexsync.engine.model.ConfigException} naming file, line and key.
     */
    public static Optional<URI> contentBaseUrl(@Nullable Path configFile) {
        return ConfigFiles.contentBaseUrl(configFile);
    }

    /**
     * The {@code publish.serve-cache-bytes} of {@code configFile}: how many bytes of hot stored documents
     * ({@code /blob/…}, {@code /resource/…}) the server keeps in memory, 0 for none; empty when not given (the server's
     * default). A bad value is a {@link org.lexsync.engine.model.ConfigException} naming file, line and key.
     */
    public static java.util.OptionalLong serveCacheBytes(@Nullable Path configFile) {
        Long v = ConfigFiles.publishSection(configFile).serveCacheBytes();
        return v == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(v);
    }

    /**
     * The {@code publish.serve-cache-entry-bytes} of {@code configFile}: the largest stored document the server keeps
     * in memory (larger ones stream from their tier); empty when not given (the server's default).
     */
    public static java.util.OptionalLong serveCacheEntryBytes(@Nullable Path configFile) {
        Long v = ConfigFiles.publishSection(configFile).serveCacheEntryBytes();
        return v == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(v);
    }
}
