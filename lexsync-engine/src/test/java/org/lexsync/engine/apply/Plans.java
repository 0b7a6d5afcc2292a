package org.lexsync.engine.apply;

import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * Plans built straight from a fixture publisher's catalogue, standing in for a protocol planner: one
 * change per resource with its promised digests and length, checkpoint = position in the plan.
 */
final class Plans {
    static final String SOURCE = "fixture";

    private Plans() {
    }

    /** A creation for every resource, in creation order. */
    static List<PlannedChange> created(FixturePublisher pub, boolean promiseDigests) {
        List<PlannedChange> plan = new ArrayList<>();
        int i = 0;
        for (FixtureResource r : pub.resources()) {
            plan.add(upsert(r, ChangeKind.CREATED, promiseDigests, Integer.toString(i++)));
        }
        return plan;
    }

    /** One change per publisher history entry from {@code from} on, as the publisher states them now. */
    static List<PlannedChange> history(FixturePublisher pub, int from) {
        List<PlannedChange> plan = new ArrayList<>();
        List<FixtureChange> history = pub.changes();
        for (int i = from; i < history.size(); i++) {
            FixtureChange c = history.get(i);
            FixtureResource r = pub.resource(c.path());
            String cp = Integer.toString(i);
            if (c.kind() == FixtureChange.Kind.DELETED) {
                plan.add(PlannedChange.delete(SOURCE, c.uri().toString(), W3cDateTime.of(c.time()), cp));
            } else if (r.deleted() || r.version() != c.version()) {
                // Superseded by a later change of the same resource; a planner would still list it, with the
                // bytes now served, so plan it with the current state minus digests (they no longer apply).
                plan.add(PlannedChange.upsert(SOURCE, c.uri().toString(),
                        c.kind() == FixtureChange.Kind.CREATED ? ChangeKind.CREATED : ChangeKind.UPDATED,
                        W3cDateTime.of(c.time()), r.deleted() ? List.of() : List.of(PlannedRepresentation.fetch(c.uri(),
                                RepresentationRole.PRIMARY, Digests.NONE, null, null)), cp));
            } else {
                plan.add(upsert(r, c.kind() == FixtureChange.Kind.CREATED ? ChangeKind.CREATED : ChangeKind.UPDATED,
                        true, cp));
            }
        }
        return plan;
    }

    static PlannedChange upsert(FixtureResource r, ChangeKind kind, boolean promiseDigests, String checkpoint) {
        PlannedRepresentation rep = PlannedRepresentation.fetch(r.uri(), RepresentationRole.PRIMARY,
                promiseDigests ? Digests.parse(r.hashAttribute()) : Digests.NONE,
                promiseDigests ? r.length() : null, r.contentType());
        return PlannedChange.upsert(SOURCE, r.uri().toString(), kind, W3cDateTime.of(r.lastModified()), List.of(rep),
                checkpoint);
    }
}
