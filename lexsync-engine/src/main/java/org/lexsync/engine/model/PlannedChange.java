package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.util.List;
import java.util.Objects;
import org.lexsync.core.time.W3cDateTime;

/**
 * One intended change handed by a planner to the {@code Applier} (DESIGN §2): which resource of which
 * source, created/updated/deleted, the source's timestamp, the files to fetch (with their promised
 * checksums), the resource's links, title and publication date, and the checkpoint reached once this
 * change is committed (null when this change alone reaches no new checkpoint).
 *
 * <p>{@code unordered} marks a change that the changes after it do not depend on — a resource of a snapshot
 * such as a ResourceSync Resource List or Resource Dump (§10, §11), which has no order. When it fails, the
 * run goes on with the next change (DESIGN §4.5) instead of stopping there; the failure is recorded to be
 * retried, and no later checkpoint is stored in that run (§4.1: the checkpoint never passes a failed change).
 *
 * <p>{@code failure}, when not null, is a change the planner already knows cannot be applied in this run (it
 * fetched and read the resource itself, e.g. an ELI page that was cut short or whose metadata cannot be
 * parsed): the applier fails it like a change whose fetch failed — recorded to be retried, counted, holding
 * the checkpoint — without fetching anything.
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

    /** A change without a planned failure. */
    public PlannedChange(String sourceId, String resourceUri, ChangeKind kind, W3cDateTime sourceTimestamp,
                         List<PlannedRepresentation> representations, List<Link> links, String title,
                         String published, String checkpoint, boolean unordered) {
        this(sourceId, resourceUri, kind, sourceTimestamp, representations, links, title, published, checkpoint,
                unordered, null);
    }

    /** An ordered change: when it fails, the run stops before it. */
    public PlannedChange(String sourceId, String resourceUri, ChangeKind kind, W3cDateTime sourceTimestamp,
                         List<PlannedRepresentation> representations, List<Link> links, String title,
                         String published, String checkpoint) {
        this(sourceId, resourceUri, kind, sourceTimestamp, representations, links, title, published, checkpoint, false);
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
        return new PlannedChange(sourceId, resourceUri, kind, sourceTimestamp, List.of(), List.of(), null, null,
                checkpoint, false, why);
    }

    /** A created or updated resource with its files. */
    public static PlannedChange upsert(String sourceId, String resourceUri, ChangeKind kind, W3cDateTime sourceTimestamp,
                                       List<PlannedRepresentation> representations, String checkpoint) {
        return new PlannedChange(sourceId, resourceUri, kind, sourceTimestamp, representations, List.of(), null, null,
                checkpoint);
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
        return new PlannedChange(sourceId, resourceUri, ChangeKind.DELETED, sourceTimestamp, List.of(), List.of(), null,
                null, checkpoint);
    }

    public boolean isDelete() {
        return kind == ChangeKind.DELETED;
    }
}
