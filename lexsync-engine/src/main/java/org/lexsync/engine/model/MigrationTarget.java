package org.lexsync.engine.model;

import java.net.URI;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where {@code lexsync store migrate} moves a store's large blobs and ELI graphs (issue 31): an object store
 * {@code s3://bucket/prefix} with its endpoint, region, addressing and the NAMES of the variables holding its
 * credentials, and/or a SPARQL 1.1 dataset; {@code deleteOld} removes the old copies once every item is verified at
 * the new location.
 */
public record MigrationTarget(@Nullable String blobs, @Nullable URI s3Endpoint, @Nullable String s3Region,
                              boolean pathStyle, String accessKeyEnv, String secretKeyEnv, @Nullable URI rdf,
                              boolean deleteOld) {
    public MigrationTarget {
        Objects.requireNonNull(accessKeyEnv, "accessKeyEnv");
        Objects.requireNonNull(secretKeyEnv, "secretKeyEnv");
        if (blobs == null && rdf == null) {
            throw new IllegalArgumentException("a migration needs a new place for the blobs or for the graphs");
        }
    }
}
