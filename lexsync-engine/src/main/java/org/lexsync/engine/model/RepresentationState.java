package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * One stored file of a resource (docs/architecture.md, "Core model": the representation): where it came from ({@code url} is
 * null for bytes that arrived locally, e.g. from a dump), its role, media type, length, checksums, blob key and the
 * validators for a later conditional GET.
 */
public record RepresentationState(URI url, RepresentationRole role, @Nullable String mediaType, long length, @Nullable String md5,
                                  @Nullable String sha256, @Nullable BlobKey blobKey, @Nullable String etag, @Nullable String lastModified,
                                  List<Link> links) {

    public RepresentationState {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(blobKey, "blobKey");
        links = links == null ? List.of() : List.copyOf(links);
    }
}
