package org.lexsync.engine.publish;

import java.io.IOException;
import java.util.Optional;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.BlobStore;
import org.lexsync.engine.store.Resources;

/**
 * A resource's current bytes at its stable URL of ours ({@link ResourcePaths}; ResourceSync §7 {@code loc}): the
 * primary file of its current state (else its first), with the file's SHA-256 as ETag and our last harvest as
 * Last-Modified; not immutable, it changes when the resource does. A deleted resource has no document.
 */
final class ResourceDocuments implements DocumentFamily {
    private final Resources resources;
    private final BlobStore blobs;

    ResourceDocuments(Resources resources, BlobStore blobs) {
        this.resources = resources;
        this.blobs = blobs;
    }

    @Override
    public boolean owns(String path) {
        return path.startsWith(ResourcePaths.PREFIX);
    }

    /** The current bytes of each resource changed since the previous export (all of them the first time). */
    @Override
    public void export(Exporter export) throws IOException {
        export.resources(this);
    }

    @Override
    public Optional<PublishedDocument> document(String path) {
        ResourcePaths.Named named = ResourcePaths.parse(path);
        if (named == null) {
            return Optional.empty();
        }
        Optional<ResourceState> state = resources.get(named.sourceId(), named.uri());
        if (state.isEmpty() || !state.get().active() || state.get().representations().isEmpty()) {
            return Optional.empty();
        }
        RepresentationState file = state.get().representations().stream()
                .filter(r -> r.role() == RepresentationRole.PRIMARY).findFirst()
                .orElse(state.get().representations().get(0));
        String type = file.mediaType() == null ? BlobDocuments.TYPE : file.mediaType();
        return Optional.of(new PublishedDocument(path, type, "\"" + file.sha256() + "\"", state.get().lastHarvested(),
                false, new BlobBody(blobs, file.blobKey())));
    }
}
