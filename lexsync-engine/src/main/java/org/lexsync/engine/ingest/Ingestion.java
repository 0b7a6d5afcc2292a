package org.lexsync.engine.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.ArchiveLimits;
import org.lexsync.core.documentgroup.DocumentGroup;
import org.lexsync.core.documentgroup.DocumentGroupArchiveException;
import org.lexsync.core.documentgroup.DocumentGroupValidator;
import org.lexsync.core.documentgroup.Operation;
import org.lexsync.core.documentgroup.ValidationResult;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.core.zip.ZipArchiveException;
import java.util.ArrayList;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestLogEntry;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.DocumentGroups;
import org.lexsync.engine.store.GroupWrite;
import org.lexsync.engine.store.Store;

/**
 * The ingestion service's engine part (EUCases D2.1 §3.2 "Service workflow", issue 18; docs/architecture.md,
 * "Ingestion"): validates an uploaded document group completely before anything is stored — in the order of issue
 * 18, each failure an {@link IngestError} with its line and column —, applies it through the shared applier as ONE
 * transaction (its documents' journal rows with MD5 and SHA-256, the group's row and members, the crawler log row),
 * answers an identical re-send as unchanged, and logs every call. Thread-safe: uploads are validated and unpacked in
 * parallel; per crawler, the look-up of the stored group and the commit are serialised (one lease per source).
 *
 * <p>A crawler is a push-only source: its id is the crawler name and its protocol {@value #PROTOCOL}. Its record is
 * stored on its first upload; no harvester is registered for it, because there is nothing to read — its changes
 * arrive here — and {@code lexsync.yaml} cannot name it (the configuration lists sources to harvest).
 */
public final class Ingestion {
    /** The protocol of a crawler's source in the store. */
    public static final String PROTOCOL = "documentgroup";
    /**
     * Commits groups' changes through the applier in one transaction, into a run the caller holds (the facade builds
     * the applier).
     */
    @FunctionalInterface
    public interface GroupCommitter {
        ApplyReport commit(String sourceId, long runId, List<PlannedChange> changes, List<GroupWrite> groups);
    }

    /** Groups committed in one transaction at most. */
    static final int MAX_GROUPS_PER_COMMIT = 64;
    /** Changes of the groups committed in one transaction at most (a larger group goes alone). */
    static final int MAX_CHANGES_PER_COMMIT = 2_000;

    private final Store store;
    private final GroupCommitter committer;
    private final DocumentGroupValidator validator;
    private final ArchiveLimits limits;
    private final CrawlerSessions sessions;
    private final Set<String> knownSources = ConcurrentHashMap.newKeySet();
    /**
     * Uploads checked, unpacked and applied at once: each may hold {@link GroupFiles#MEMORY_BUDGET} of small files in
     * memory, so this bounds the heap whatever the number of clients (docs/architecture.md, invariant 3).
     */
    private final java.util.concurrent.Semaphore working = new java.util.concurrent.Semaphore(
            16, true);

    /** An ingestion service over {@code store}, holding crawlers' leases for {@code leaseTtl} between renewals. */
    public Ingestion(Store store, Duration leaseTtl, GroupCommitter committer) {
        this.store = Objects.requireNonNull(store, "store");
        this.committer = Objects.requireNonNull(committer, "committer");
        this.sessions = new CrawlerSessions(store, leaseTtl);
        this.limits = ArchiveLimits.DEFAULT;
        this.validator = DocumentGroupValidator.create(XmlLimits.DEFAULT, limits);
    }

    /** Why an upload was refused: carries the error to the one place that logs and answers it. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient IngestError error;

        Refused(IngestError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }
    }

    /** What is known of the upload for its log row, filled in as it is read. */
    private static final class Call {
        final GroupUpload upload;
        final long zipLength;
        @Nullable DocumentGroup group;

        Call(GroupUpload upload, long zipLength) {
            this.upload = upload;
            this.zipLength = zipLength;
        }

        GroupWrite.LogRow row(String outcome, @Nullable IngestError error) {
            return new GroupWrite.LogRow(upload.remote(), group == null ? upload.uploader() : group.crawler(),
                    group == null || group.identifier() == null ? null : group.identifier().toLowerCase(Locale.ROOT),
                    group == null || group.operation() == null ? null : group.operation().token(), zipLength, outcome,
                    error == null ? null : error.kind().className(), error == null ? null : error.message());
        }
    }

    /**
     * Validates and applies one upload, writing its crawler log row. Store failures (disk full, database gone) are
     * thrown, not answered as the crawler's error.
     */
    public IngestResult ingest(GroupUpload upload) {
        Call call = new Call(upload, size(upload.data()));
        try {
            working.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to ingest a document group", e);
        }
        try {
            return apply(call);
        } catch (Refused r) {
            store.documentGroups().log(call.row(IngestResult.Outcome.REJECTED.token(), r.error));
            DocumentGroup g = call.group;
            return new IngestResult(IngestResult.Outcome.REJECTED, g == null ? null : g.identifier(),
                    g == null || g.operation() == null ? null : g.operation().token(), g == null ? upload.uploader()
                    : g.crawler(), RunCounts.ZERO, r.error);
        } finally {
            working.release();
        }
    }

    /** Logs an upload the front end refused before the engine saw it (e.g. larger than the server accepts). */
    public void logRefusal(@Nullable String remote, @Nullable String crawler, long length, IngestError error) {
        store.documentGroups().log(new GroupWrite.LogRow(remote, crawler, null, null, length,
                IngestResult.Outcome.REJECTED.token(), error.kind().className(), error.message()));
    }

    /** The latest crawler log rows, newest first (see {@link DocumentGroups#log(String, Long, int)}). */
    public List<IngestLogEntry> log(@Nullable String crawler, @Nullable Long beforeId, int limit) {
        return store.documentGroups().log(crawler, beforeId, limit);
    }

    private IngestResult apply(Call call) throws Refused {
        GroupUpload u = call.upload;
        // One pass of the validator over MetaInfo and ZIP when the ZIP can be read; its ZIP findings are answered
        // after the stored state's, in issue 18's order. A ZIP it refuses outright is answered there too, and the
        // MetaInfo is then validated alone.
        ValidationResult checked = null;
        IngestError packageRefused = null;
        if (call.zipLength > 0) {
            try {
                checked = u.packaged() ? validator.validatePackage(u.data())
                        : validator.validate(u.metaInfo(), u.data());
            } catch (DocumentGroupArchiveException e) {
                if (e.reason() == DocumentGroupArchiveException.Reason.NO_METAINFO
                        || e.reason() == DocumentGroupArchiveException.Reason.SEVERAL_METAINFOS) {
                    throw new Refused(IngestError.of(IngestError.Kind.NO_METAINFO, scrub(e.getMessage(), u)));
                }
                packageRefused = IngestError.of(IngestError.Kind.UNSAFE_ZIP, scrub(e.getMessage(), u));
            } catch (XmlDocumentException e) {
                throw new Refused(new IngestError(IngestError.Kind.MALFORMED_XML, scrub(e.getMessage(), u), e.line(),
                        e.column()));
            }
        }
        if (checked == null) {
            byte[] metaInfo = metaInfo(u);
            try {
                checked = validator.validate(metaInfo, u.packaged() ? "Package!/" + GroupUpload.PACKAGED_METAINFO
                        : "MetaInfo");
            } catch (XmlDocumentException e) {
                throw new Refused(new IngestError(IngestError.Kind.MALFORMED_XML, e.getMessage(), e.line(),
                        e.column()));
            }
        }
        DocumentGroup group = checked.group();
        call.group = group;
        refuseIf(scrubbed(ErrorClasses.first(checked.findings(), false), u));
        int repeated = GroupPlan.repeatedUrl(group);
        if (repeated >= 0) {
            throw new Refused(IngestError.of(IngestError.Kind.INVALID_VALUE, String.format(Locale.ROOT,
                    "document %d repeats url '%s'; a group names each url once (one resource per url)", repeated + 1,
                    group.documents().get(repeated).url())));
        }
        if (u.uploader() != null && !u.uploader().equals(group.crawler())) {
            throw new Refused(IngestError.of(IngestError.Kind.WRONG_CRAWLER, String.format(Locale.ROOT,
                    "the group names crawler '%s' but was uploaded as crawler '%s'; a crawler writes only its own"
                            + " groups", group.crawler(), u.uploader())));
        }
        Operation op = group.operation();
        String id = group.identifier().toLowerCase(Locale.ROOT);
        if ((op == Operation.ADD || op == Operation.UPD) && (u.data() == null || call.zipLength == 0)) {
            // §3.2 "ZipData validation", in the service's own words
            throw new Refused(IngestError.of(IngestError.Kind.EMPTY_ZIP, String.format(Locale.ROOT,
                    "ZipData length is zero, document identifier: %s and Operation: %s", group.identifier(),
                    op.token())));
        }
        // The package check and the unpacking need no stored state: done before the crawler's turn, so that
        // uploads of one crawler are checked in parallel; their errors are answered in issue 18's order below.
        IngestError zipError = null;
        Map<String, GroupFiles.Extracted> files = Map.of();
        if (op == Operation.ADD || op == Operation.UPD) {
            zipError = packageRefused != null ? packageRefused
                    : scrubbed(ErrorClasses.first(checked.findings(), true), u);
            if (zipError == null) {
                files = extract(u, group);
            }
        }
        try {
            return commit(call, group, id, zipError, files);
        } finally {
            files.values().forEach(GroupFiles.Extracted::discard);
        }
    }

    /** One upload waiting for its crawler's turn: what it brings, and what became of it. */
    private static final class Turn {
        final Call call;
        final DocumentGroup group;
        final String id;
        final @Nullable IngestError zipError;
        final Map<String, GroupFiles.Extracted> files;
        final String fingerprint;
        boolean done;
        @Nullable IngestResult result;
        @Nullable Refused refused;
        @Nullable RuntimeException failure;
        List<PlannedChange> changes = List.of();
        @Nullable GroupWrite write;
        RunCounts counts = RunCounts.ZERO;

        Turn(Call call, DocumentGroup group, String id, @Nullable IngestError zipError,
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
    private IngestResult commit(Call call, DocumentGroup group, String id, @Nullable IngestError zipError,
                                Map<String, GroupFiles.Extracted> files) throws Refused {
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
            } catch (Refused r) {
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
    private @Nullable IngestResult decide(Turn t, DocumentGroups.@Nullable StoredGroup stored) throws Refused {
        DocumentGroup group = t.group;
        String crawler = group.crawler();
        Operation op = group.operation();
        String id = t.id;
        if (stored != null && !stored.sourceId().equals(crawler)) {
            throw new Refused(IngestError.of(IngestError.Kind.WRONG_CRAWLER, String.format(Locale.ROOT,
                    "document identifier %s belongs to crawler '%s'; a crawler writes only its own groups", id,
                    stored.sourceId())));
        }
        if (stored != null && stored.operation().equals(op.token()) && stored.fingerprint().equals(t.fingerprint)) {
            store.documentGroups().log(t.call.row(IngestResult.Outcome.UNCHANGED.token(), null));
            return new IngestResult(IngestResult.Outcome.UNCHANGED, id, op.token(), crawler, RunCounts.ZERO, null);
        }
        boolean exists = stored != null && !stored.deleted();
        if (op == Operation.ADD && exists) {
            throw new Refused(IngestError.of(IngestError.Kind.GROUP_EXISTS, String.format(Locale.ROOT,
                    "There is a document identifier: %s. You can't use Operation: %s", group.identifier(),
                    op.token())));
        }
        if ((op == Operation.UPD || op == Operation.DEL) && !exists) {
            throw new Refused(IngestError.of(IngestError.Kind.UNKNOWN_GROUP, String.format(Locale.ROOT,
                    "No document identifier: %s. You can't use Operation: %s", group.identifier(), op.token())));
        }
        if (op == Operation.NONE) {
            throw new Refused(IngestError.of(IngestError.Kind.OPERATION_NONE, "document identifier: "
                    + group.identifier() + " has Operation: None; only Add, Upd and Del groups are sent"));
        }
        refuseIf(t.zipError);
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
                return x.bytes() != null
                        ? PlannedRepresentation.bytes(x.bytes(), null, GroupPlan.role(), expected, GroupPlan.mediaType(doc))
                        : PlannedRepresentation.local(x.file(), null, GroupPlan.role(), expected, GroupPlan.mediaType(doc));
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
                t.call.row(IngestResult.Outcome.ACCEPTED.token(), null), t.changes.size());
    }

    /** Commits the planned groups in one transaction and answers each. */
    private void commitTogether(String crawler, CrawlerSessions.Session session, List<Turn> batch) {
        try {
            registerSource(crawler);
            long runId = sessions.run(crawler, session);
            List<PlannedChange> all = new ArrayList<>();
            List<GroupWrite> writes = new ArrayList<>();
            for (Turn t : batch) {
                all.addAll(t.changes);
                writes.add(Objects.requireNonNull(t.write));
            }
            ApplyReport report;
            try {
                report = committer.commit(crawler, runId, all, writes);
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
    public void close() {
        sessions.close();
    }

    private void registerSource(String crawler) {
        if (knownSources.contains(crawler)) {
            return;
        }
        if (store.sources().get(crawler).isEmpty()) {
            store.sources().put(new SourceRecord(crawler, PROTOCOL, List.of(), null, null, true, null));
        }
        knownSources.add(crawler);
    }

    /** The MetaInfo's bytes: the upload's file, or the packaged ZIP's {@code metainfo.xml}. */
    private byte[] metaInfo(GroupUpload u) throws Refused {
        try {
            if (!u.packaged()) {
                long size = Files.size(u.metaInfo());
                if (size > GroupFiles.MAX_METAINFO) {
                    throw new Refused(IngestError.of(IngestError.Kind.TOO_LARGE, "the MetaInfo has " + size
                            + " bytes, more than " + GroupFiles.MAX_METAINFO));
                }
                return Files.readAllBytes(u.metaInfo());
            }
            byte[] b = GroupFiles.entry(u.data(), archiveName(u), GroupUpload.PACKAGED_METAINFO, limits);
            if (b == null) {
                throw new Refused(IngestError.of(IngestError.Kind.NO_METAINFO, "the ZIP holds no "
                        + GroupUpload.PACKAGED_METAINFO + " beside the group's files"));
            }
            return b;
        } catch (ZipArchiveException e) {
            throw new Refused(IngestError.of(IngestError.Kind.UNSAFE_ZIP, scrub(e.getMessage(), u)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static @Nullable IngestError scrubbed(@Nullable IngestError e, GroupUpload u) {
        return e == null ? null : new IngestError(e.kind(), scrub(e.message(), u), e.line(), e.column());
    }

    /**
     * The message with the upload's local file names replaced by the names the crawler knows ({@code Data},
     * {@code MetaInfo}): the server's spool directory is nobody else's business.
     */
    private static String scrub(String message, GroupUpload u) {
        String m = message;
        if (u.data() != null) {
            m = m.replace(u.data().toString(), archiveName(u));
        }
        if (u.metaInfo() != null) {
            m = m.replace(u.metaInfo().toString(), "MetaInfo");
        }
        return m;
    }

    private Map<String, GroupFiles.Extracted> extract(GroupUpload u, DocumentGroup group) {
        Set<String> wanted = new HashSet<>();
        GroupPlan.held(group).values().forEach(h -> wanted.add(h.file()));
        return new HashMap<>(GroupFiles.extract(u.data(), archiveName(u), wanted, limits,
                store.fileBlobs().tempDirectory()));
    }

    private static String archiveName(GroupUpload u) {
        return u.packaged() ? "Package" : "Data";
    }

    private static void refuseIf(@Nullable IngestError error) throws Refused {
        if (error != null) {
            throw new Refused(error);
        }
    }

    private static long size(@Nullable Path file) {
        try {
            return file == null ? 0 : Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
