package org.lexsync.engine.model;

import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * The {@code store:} section of {@code lexsync.yaml} (issue 31; docs/architecture.md, "Which data lives where"): where
 * a node's journal, large blobs and ELI graphs live. Every value is optional (null: not given, the default or a flag
 * decides); flags and their environment variables override it. It holds the NAMES of the environment variables with
 * the object store's credentials, never credentials: the reader refuses keys that would carry them.
 * {@code blobCacheBytes} ({@code blob-cache-bytes}) bounds the node's disk cache of object-store blobs (0: none).
 */
public record StoreSettings(@Nullable String jdbcUrl, @Nullable String blobs, @Nullable URI s3Endpoint,
                            @Nullable String s3Region, @Nullable Boolean s3PathStyle, @Nullable String accessKeyEnv,
                            @Nullable String secretKeyEnv, @Nullable URI rdf, @Nullable Long blobCacheBytes) {

    /** No {@code store:} section. */
    public static final StoreSettings NONE = new StoreSettings(null, null, null, null, null, null, null, null, null);

    /** A section that does not bound the blob cache. */
    public StoreSettings(@Nullable String jdbcUrl, @Nullable String blobs, @Nullable URI s3Endpoint,
                         @Nullable String s3Region, @Nullable Boolean s3PathStyle, @Nullable String accessKeyEnv,
                         @Nullable String secretKeyEnv, @Nullable URI rdf) {
        this(jdbcUrl, blobs, s3Endpoint, s3Region, s3PathStyle, accessKeyEnv, secretKeyEnv, rdf, null);
    }
}
