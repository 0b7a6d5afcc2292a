package org.lexsync.engine.ingest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.DocumentGroup;
import org.lexsync.core.documentgroup.Operation;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.DocumentGroups;
import org.lexsync.engine.store.GroupWrite;
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.store.Store;

/**
 * The group commit of validated uploads (docs/architecture.md, "Ingestion"): per crawler, the uploads queue for the
 * crawler's turn, and whichever holds it decides each waiting upload on the stored state (re-send, exists, unknown),
 * plans its changes and commits the planned groups of the crawler together in ONE transaction through the
 * {@link Ingestion.GroupCommitter}. Validation happened before, in parallel, in {@link Ingestion}.
 */
final class GroupCommits {
    /** Groups committed in one transaction at most. */
    static final int MAX_GROUPS_PER_COMMIT = 64;
    /** Changes of the groups committed in one transaction at most (a larger group goes alone). */
    static final int MAX_CHANGES_PER_COMMIT = 2_000;

    private final Store store;
    private final Ingestion.GroupCommitter committer;
    private final CrawlerSessions sessions;
    private final EarlyBlobs blobs;
    private final Set<String> knownSources = ConcurrentHashMap.newKeySet();

    GroupCommits(Store store, Duration leaseTtl, Ingestion.GroupCommitter committer, EarlyBlobs blobs) {
        this.store = store;
        this.blobs = blobs;
        this.committer = committer;
        this.sessions = new CrawlerSessions(store, leaseTtl);
    }

    /** One upload waiting for its crawler's turn: what it brings, and what became of it. */
    private static final class Turn {
        final UploadCall call;
        final DocumentGroup group;
        final String id;
        final @Nullable IngestError zipError;
        final Map<String, GroupFiles.Extracted> files;
        final String fingerprint;
        boolean done;
        @Nullable IngestResult result;
        @Nullable IngestRefusal refused;
        @Nullable RuntimeException failure;
        List<PlannedChange> changes = List.of();
        @Nullable GroupWrite write;
        RunCounts counts = RunCounts.ZERO;

        Turn(UploadCall call, DocumentGroup group, String id, @Nullable IngestError zipError,
             Map<String, GroupFiles.Extracted> files) {
            this.call = call;
            this.group = group;
            this.id = id;
            this.zipError = zipError;
            this.files = files;
            this.fingerprint = GroupPlan.fingerprint(group);
        }
    }

    /**
     * Queues the upload for its crawler and waits for its turn: whichever of the crawler's uploads holds the crawler's
     * lock serves every upload queued by then (in order), so the groups of one crawler commit together in one
     * transaction (group commit; each group still all or nothing, its decisions taken on the state the earlier ones
     * leave).
     */
    IngestResult commit(UploadCall call, DocumentGroup group, String id, @Nullable IngestError zipError,
                                Map<String, GroupFiles.Extracted> files) throws IngestRefusal {
        String crawler = group.crawler();
        Turn turn = new Turn(call, group, id, zipError, files);
        CrawlerSessions.Session session = sessions.queue(crawler, turn);
        try {
            while (!turn.done) {
                serve(crawler, session);
            }
        } finally {
            sessions.release(session);
        }
        if (turn.refused != null) {
            throw turn.refused;
        }
        if (turn.failure != null) {
            throw turn.failure;
        }
        return Objects.requireNonNull(turn.result);
    }

    /**
     * Takes the crawler's waiting uploads in order, decides and plans each, and commits those it planned in ONE
     * transaction. It stops before an upload of a group already taken, or one touching a document an earlier one
     * touches: that one waits for the next transaction, planned on the state this one leaves.
     */
    private void serve(String crawler, CrawlerSessions.Session session) {
        List<Turn> candidates = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        while (candidates.size() < MAX_GROUPS_PER_COMMIT) {
            Turn t = (Turn) session.queue.pollFirst();
            if (t == null) {
                break;
            }
            if (!ids.add(t.id)) {
                session.queue.addFirst(t); // the same group twice: the second is decided on what the first leaves
                break;
            }
            candidates.add(t);
        }
        Map<String, DocumentGroups.StoredGroup> stored;
        try {
            stored = store.documentGroups().getAll(ids);
        } catch (RuntimeException e) {
            candidates.forEach(t -> {
                t.failure = e;
                t.done = true;
            });
            return;
        }
        List<Turn> batch = new ArrayList<>();
        Set<String> touched = new HashSet<>();
        int changes = 0;
        for (int i = 0; i < candidates.size(); i++) {
            Turn t = candidates.get(i);
            DocumentGroups.StoredGroup before = stored.get(t.id);
            try {
                IngestResult unchanged = decide(t, before);
                if (unchanged != null) {
                    t.result = unchanged;
                    t.done = true;
                    continue;
                }
                Set<String> mine = new HashSet<>(GroupPlan.held(t.group).keySet());
                mine.addAll(GroupPlan.released(t.group, before));
                if (changes > MAX_CHANGES_PER_COMMIT || mine.stream().anyMatch(touched::contains)) {
                    // touches what an earlier group of this transaction touches: decided again on its outcome
                    for (int k = candidates.size() - 1; k >= i; k--) {
                        session.queue.addFirst(candidates.get(k));
                    }
                    break;
                }
                touched.addAll(mine);
                changes += t.group.documents().size();
                batch.add(t);
            } catch (IngestRefusal r) {
                t.refused = r; // logged by its own thread, like every refusal
                t.done = true;
            } catch (RuntimeException e) {
                t.failure = e;
                t.done = true;
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        Map<String, ResourceState> current;
        try {
            Set<String> held = new HashSet<>();
            batch.forEach(t -> held.addAll(GroupPlan.held(t.group).keySet()));
            current = held.isEmpty() ? Map.of() : store.resources().getAll(crawler, held);
            for (Turn t : batch) {
                plan(t, stored.get(t.id), current);
            }
        } catch (RuntimeException e) {
            batch.forEach(t -> {
                t.failure = e;
                t.done = true;
            });
            return;
        }
        commitTogether(crawler, session, batch);
    }

    /** The answer for a re-send (unchanged), null when the group is to be applied; refuses it otherwise. */
    private @Nullable IngestResult decide(Turn t, DocumentGroups.@Nullable StoredGroup stored) throws IngestRefusal {
        DocumentGroup group = t.group;
        String crawler = group.crawler();
        Operation op = group.operation();
        String id = t.id;
        if (stored != null && !stored.sourceId().equals(crawler)) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.WRONG_CRAWLER, String.format(Locale.ROOT,
                    "document identifier %s belongs to crawler '%s'; a crawler writes only its own groups", id,
                    stored.sourceId())));
        }
        if (stored != null && stored.operation().equals(op.token()) && stored.fingerprint().equals(t.fingerprint)) {
            store.documentGroups().log(t.call.row(IngestResult.Outcome.UNCHANGED.token(), null));
            return new IngestResult(IngestResult.Outcome.UNCHANGED, id, op.token(), crawler, RunCounts.ZERO, null);
        }
        boolean exists = stored != null && !stored.deleted();
        if (op == Operation.ADD && exists) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.GROUP_EXISTS, String.format(Locale.ROOT,
                    "There is a document identifier: %s. You can't use Operation: %s", group.identifier(),
                    op.token())));
        }
        if ((op == Operation.UPD || op == Operation.DEL) && !exists) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.UNKNOWN_GROUP, String.format(Locale.ROOT,
                    "No document identifier: %s. You can't use Operation: %s", group.identifier(), op.token())));
        }
        if (op == Operation.NONE) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.OPERATION_NONE, "document identifier: "
                    + group.identifier() + " has Operation: None; only Add, Upd and Del groups are sent"));
        }
        IngestRefusal.refuseIf(t.zipError);
        return null;
    }

    /** The group's changes and its row, planned on the stored state. */
    private void plan(Turn t, DocumentGroups.@Nullable StoredGroup stored, Map<String, ResourceState> current) {
        DocumentGroup group = t.group;
        String crawler = group.crawler();
        Map<String, GroupPlan.Held> held = GroupPlan.held(group);
        List<String> released = GroupPlan.released(group, stored);
        Set<String> others = store.documentGroups().heldByOtherGroups(crawler, t.id, released);
        Map<String, GroupPlan.Bytes> bytes = new HashMap<>();
        Set<String> taken = new HashSet<>();
        for (Map.Entry<String, GroupFiles.Extracted> e : t.files.entrySet()) {
            bytes.put(e.getKey(), (doc, url, expected) -> {
                taken.add(e.getKey());
                GroupFiles.Extracted x = e.getValue();
                PlannedRepresentation rep = x.bytes() != null
                        ? PlannedRepresentation.bytes(x.bytes(), null, GroupPlan.role(), expected, GroupPlan.mediaType(doc))
                        : PlannedRepresentation.local(x.file(), null, GroupPlan.role(), expected, GroupPlan.mediaType(doc));
                // files are taken out only of a ZIP whose check found every well-formed declared MD5 right
                return GroupPlan.wellFormedMd5(expected) ? rep.withVerifiedMd5() : rep;
            });
        }
        t.changes = GroupPlan.changes(crawler, group, stored, current, others, bytes);
        t.files.keySet().removeIf(taken::contains); // the applier owns those files now
        long created = t.changes.stream().filter(c -> c.kind() == ChangeKind.CREATED).count();
        long updated = t.changes.stream().filter(c -> c.kind() == ChangeKind.UPDATED).count();
        long deleted = t.changes.stream().filter(PlannedChange::isDelete).count();
        t.counts = new RunCounts(created, updated, deleted, held.size() - created - updated, 0);
        t.write = new GroupWrite(t.id, crawler, group.operation().token(), group.operation() == Operation.DEL,
                t.fingerprint, group.filename(), group.lang(), group.type() == null ? null : group.type().code(),
                group.date() == null ? null : group.date().toString(), GroupPlan.members(group),
                t.call.row(IngestResult.Outcome.ACCEPTED.token(), null), t.changes.size(), stored != null);
    }

    /** Commits the planned groups in one transaction and answers each. */
    private void commitTogether(String crawler, CrawlerSessions.Session session, List<Turn> batch) {
        try {
            registerSource(crawler);
            long runId = sessions.run(crawler, session);
            LeaseFence fence = sessions.fence(session);
            List<PlannedChange> all = new ArrayList<>();
            List<GroupWrite> writes = new ArrayList<>();
            for (Turn t : batch) {
                all.addAll(t.changes);
                writes.add(Objects.requireNonNull(t.write));
            }
            ApplyReport report;
            try {
                report = committer.commit(crawler, runId, all, writes, fence, blobs);
            } catch (FencedException e) {
                sessions.fenced(session, e);
                throw e;
            } catch (RuntimeException e) {
                sessions.abort(session, e.toString());
                throw e;
            }
            if (report.gap() != null) {
                // validated bytes that the applier could not store (e.g. a temp file gone): nothing was committed
                throw new IllegalStateException(String.format(Locale.ROOT,
                        "%d document group(s) of %s could not be applied: %s: %s", batch.size(), crawler,
                        report.gap().reason(), report.gap().message()));
            }
            for (Turn t : batch) {
                t.result = new IngestResult(IngestResult.Outcome.ACCEPTED, t.id, t.group.operation().token(), crawler,
                        t.counts, null);
            }
        } catch (RuntimeException e) {
            for (Turn t : batch) {
                t.failure = e;
            }
        } finally {
            for (Turn t : batch) {
                t.done = true;
            }
        }
    }

    /** Gives back every crawler's lease and ends its run. */
    void close() {
        sessions.close();
    }

    private void registerSource(String crawler) {
        if (knownSources.contains(crawler)) {
            return;
        }
        if (store.sources().get(crawler).isEmpty()) {
            store.sources().put(new SourceRecord(crawler, Ingestion.PROTOCOL, List.of(), null, null, true, null));
        }
        knownSources.add(crawler);
    }
}
