package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.util.List;
import java.util.Objects;
import org.lexsync.core.time.W3cDateTime;

/**
 * One intended change handed by a planner to the {@code Applier} (docs/architecture.md, "The flow of a change"): which
 * resource of which source, created/updated/deleted, the source's timestamp, the files to fetch (with their promised
 * checksums), the resource's links, title and publication date, and the checkpoint reached once this change is
 * committed (null when this change alone reaches no new checkpoint).
 *
 * <p>{@code unordered} marks a change that the changes after it do not depend on — a resource of a snapshot such as a
 * ResourceSync Resource List or Resource Dump (§10, §11), which has no order. When it fails, the run goes on with the
 * next change (docs/architecture.md, invariant 5) instead of stopping there; the failure is recorded to be retried, and
 * no later checkpoint is stored in that run (§4.1: the checkpoint never passes a failed change).
 *
 * <p>{@code failure}, when not null, is a change the planner already knows cannot be applied in this run (it fetched
 * and read the resource itself, e.g. an ELI page that was cut short or whose metadata cannot be parsed): the applier
 * fails it like a change whose fetch failed — recorded to be retried, counted, holding the checkpoint — without
 * fetching anything.
 */
public record PlannedChange(String sourceId, String resourceUri, ChangeKind kind, @Nullable W3cDateTime sourceTimestamp,
                            List<PlannedRepresentation> representations, List<Link> links, @Nullable String title,
                            @Nullable String published, @Nullable String checkpoint, boolean unordered, @Nullable ChangeFailure failure) {

    public PlannedChange {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(resourceUri, "resourceUri");
        Objects.requireNonNull(kind, "kind");
        representations = representations == null ? List.of() : List.copyOf(representations);
        links = links == null ? List.of() : List.copyOf(links);
        if (failure != null && !resourceUri.equals(failure.resourceUri())) {
            throw new IllegalArgumentException("the failure of " + resourceUri + " names " + failure.resourceUri());
        }
        if (kind == ChangeKind.DELETED && !representations.isEmpty()) {
            throw new IllegalArgumentException("a delete of " + resourceUri + " has no representations to fetch");
        }
    }

    /** A builder of a change of {@code resourceUri} of {@code sourceId}; everything else is optional. */
    public static Builder builder(String sourceId, String resourceUri, ChangeKind kind) {
        return new Builder(sourceId, resourceUri, kind);
    }

    /** This change marked as one that the changes after it do not depend on. */
    public PlannedChange asUnordered() {
        return unordered ? this : new PlannedChange(sourceId, resourceUri, kind, sourceTimestamp, representations, links,
                title, published, checkpoint, true, failure);
    }

    /**
     * A change the planner found it cannot apply in this run ({@code why} names the resource, URL and reason);
     * the applier records it as failed without fetching anything.
     */
    public static PlannedChange failed(String sourceId, String resourceUri, ChangeKind kind,
                                       W3cDateTime sourceTimestamp, ChangeFailure why, String checkpoint) {
        Objects.requireNonNull(why, "why");
        return builder(sourceId, resourceUri, kind).sourceTimestamp(sourceTimestamp).checkpoint(checkpoint).failure(why)
                .build();
    }

    /** A created or updated resource with its files. */
    public static PlannedChange upsert(String sourceId, String resourceUri, ChangeKind kind, W3cDateTime sourceTimestamp,
                                       List<PlannedRepresentation> representations, String checkpoint) {
        return builder(sourceId, resourceUri, kind).sourceTimestamp(sourceTimestamp).representations(representations)
                .checkpoint(checkpoint).build();
    }

    /**
     * The common case of one file per resource: the resource URI is fetched as the primary file, with the
     * digests, length and media type the source promised for it (any of them may be absent).
     */
    public static PlannedChange ofResource(String sourceId, java.net.URI resource, ChangeKind kind,
                                           W3cDateTime sourceTimestamp, org.lexsync.core.checksum.Digests expected,
                                           Long length, String mediaType, String checkpoint) {
        return upsert(sourceId, resource.toString(), kind, sourceTimestamp, List.of(PlannedRepresentation.fetch(resource,
                org.lexsync.engine.model.RepresentationRole.PRIMARY, expected, length, mediaType)), checkpoint);
    }

    /** A deleted resource. */
    public static PlannedChange delete(String sourceId, String resourceUri, W3cDateTime sourceTimestamp,
                                       String checkpoint) {
        return builder(sourceId, resourceUri, ChangeKind.DELETED).sourceTimestamp(sourceTimestamp).checkpoint(checkpoint)
                .build();
    }

    public boolean isDelete() {
        return kind == ChangeKind.DELETED;
    }

    /** Builds a {@link PlannedChange}; checked when built. */
    public static final class Builder {
        private final String sourceId;
        private final String resourceUri;
        private final ChangeKind kind;
        private @Nullable W3cDateTime sourceTimestamp;
        private List<PlannedRepresentation> representations = List.of();
        private List<Link> links = List.of();
        private @Nullable String title;
        private @Nullable String published;
        private @Nullable String checkpoint;
        private boolean unordered;
        private @Nullable ChangeFailure failure;

        private Builder(String sourceId, String resourceUri, ChangeKind kind) {
            this.sourceId = Objects.requireNonNull(sourceId, "sourceId");
            this.resourceUri = Objects.requireNonNull(resourceUri, "resourceUri");
            this.kind = Objects.requireNonNull(kind, "kind");
        }

        /** When the source says the change happened (lastmod, updated, datetime). */
        public Builder sourceTimestamp(@Nullable W3cDateTime value) {
            sourceTimestamp = value;
            return this;
        }

        /** The files to fetch (none for a delete). */
        public Builder representations(List<PlannedRepresentation> value) {
            representations = value;
            return this;
        }

        public Builder links(List<Link> value) {
            links = value;
            return this;
        }

        public Builder title(@Nullable String value) {
            title = value;
            return this;
        }

        public Builder published(@Nullable String value) {
            published = value;
            return this;
        }

        /** The source's checkpoint once this change is committed; null when it moves no checkpoint. */
        public Builder checkpoint(@Nullable String value) {
            checkpoint = value;
            return this;
        }

        /** A change of a snapshot: when it fails, the run goes on with the next (invariant 6). */
        public Builder unordered(boolean value) {
            unordered = value;
            return this;
        }

        /** The planner already knows the change cannot be applied in this run. */
        public Builder failure(@Nullable ChangeFailure value) {
            failure = value;
            return this;
        }

        public PlannedChange build() {
            return new PlannedChange(sourceId, resourceUri, kind, sourceTimestamp, representations, links, title,
                    published, checkpoint, unordered, failure);
        }
    }
}
