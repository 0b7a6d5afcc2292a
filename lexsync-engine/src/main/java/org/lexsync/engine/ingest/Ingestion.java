package org.lexsync.engine.ingest;

import org.lexsync.engine.store.LeaseFence;
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
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestLogEntry;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.store.BlobStore;
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
     * the applier), carrying the fence of the crawler's lease: the commit is refused with a
     * {@link org.lexsync.engine.model.FencedException} once that lease moved on.
     */
    @FunctionalInterface
    public interface GroupCommitter {
        /**
         * Commits; the applier puts the groups' large files into {@code largeBlobs}, which answers at once for those
         * made durable before the crawler's turn.
         */
        ApplyReport commit(String sourceId, long runId, List<PlannedChange> changes, List<GroupWrite> groups,
                           LeaseFence fence, BlobStore largeBlobs);
    }

    private final Store store;
    private final GroupCommits commits;
    private final EarlyBlobs early;
    private final DocumentGroupValidator validator;
    private final ArchiveLimits limits;
    /**
     * Uploads checked, unpacked and applied at once: each may hold {@link GroupFiles#MEMORY_BUDGET} of small files in
     * memory, so this bounds the heap whatever the number of clients (docs/architecture.md, invariant 3).
     */
    private final java.util.concurrent.Semaphore working = new java.util.concurrent.Semaphore(
            16, true);

    /** An ingestion service over {@code store}, holding crawlers' leases for {@code leaseTtl} between renewals. */
    public Ingestion(Store store, Duration leaseTtl, GroupCommitter committer) {
        this.store = Objects.requireNonNull(store, "store");
        this.early = new EarlyBlobs(store.largeBlobs(), store.smallBlobMaxBytes(), store.fileBlobs().tempDirectory());
        this.commits = new GroupCommits(store, leaseTtl, Objects.requireNonNull(committer, "committer"), early);
        this.limits = ArchiveLimits.DEFAULT;
        this.validator = DocumentGroupValidator.create(XmlLimits.DEFAULT, limits);
    }

    /**
     * Validates and applies one upload, writing its crawler log row. Store failures (disk full, database gone) are
     * thrown, not answered as the crawler's error.
     */
    public IngestResult ingest(GroupUpload upload) {
        UploadCall call = new UploadCall(upload, size(upload.data()));
        try {
            working.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to ingest a document group", e);
        }
        try {
            return apply(call);
        } catch (IngestRefusal r) {
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

    private IngestResult apply(UploadCall call) throws IngestRefusal {
        GroupUpload u = call.upload;
        // One pass of the validator over MetaInfo and ZIP when the ZIP can be read; its ZIP findings are answered
        // after the stored state's, in issue 18's order. A ZIP it refuses outright is answered there too, and the
        // MetaInfo is then validated alone.
        ValidationResult checked = null;
        IngestError packageIngestRefusal = null;
        if (call.zipLength > 0) {
            try {
                checked = u.packaged() ? validator.validatePackage(u.data())
                        : validator.validate(u.metaInfo(), u.data());
            } catch (DocumentGroupArchiveException e) {
                if (e.reason() == DocumentGroupArchiveException.Reason.NO_METAINFO
                        || e.reason() == DocumentGroupArchiveException.Reason.SEVERAL_METAINFOS) {
                    throw new IngestRefusal(IngestError.of(IngestError.Kind.NO_METAINFO, scrub(e.getMessage(), u)));
                }
                packageIngestRefusal = IngestError.of(IngestError.Kind.UNSAFE_ZIP, scrub(e.getMessage(), u));
            } catch (XmlDocumentException e) {
                throw new IngestRefusal(new IngestError(IngestError.Kind.MALFORMED_XML, scrub(e.getMessage(), u), e.line(),
                        e.column()));
            }
        }
        if (checked == null) {
            byte[] metaInfo = metaInfo(u);
            try {
                checked = validator.validate(metaInfo, u.packaged() ? "Package!/" + GroupUpload.PACKAGED_METAINFO
                        : "MetaInfo");
            } catch (XmlDocumentException e) {
                throw new IngestRefusal(new IngestError(IngestError.Kind.MALFORMED_XML, e.getMessage(), e.line(),
                        e.column()));
            }
        }
        DocumentGroup group = checked.group();
        call.group = group;
        IngestRefusal.refuseIf(scrubbed(ErrorClasses.first(checked.findings(), false), u));
        int repeated = GroupPlan.repeatedUrl(group);
        if (repeated >= 0) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.INVALID_VALUE, String.format(Locale.ROOT,
                    "document %d repeats url '%s'; a group names each url once (one resource per url)", repeated + 1,
                    group.documents().get(repeated).url())));
        }
        if (u.uploader() != null && !u.uploader().equals(group.crawler())) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.WRONG_CRAWLER, String.format(Locale.ROOT,
                    "the group names crawler '%s' but was uploaded as crawler '%s'; a crawler writes only its own"
                            + " groups", group.crawler(), u.uploader())));
        }
        Operation op = group.operation();
        String id = group.identifier().toLowerCase(Locale.ROOT);
        if ((op == Operation.ADD || op == Operation.UPD) && (u.data() == null || call.zipLength == 0)) {
            // §3.2 "ZipData validation", in the service's own words
            throw new IngestRefusal(IngestError.of(IngestError.Kind.EMPTY_ZIP, String.format(Locale.ROOT,
                    "ZipData length is zero, document identifier: %s and Operation: %s", group.identifier(),
                    op.token())));
        }
        // The package check and the unpacking need no stored state: done before the crawler's turn, so that
        // uploads of one crawler are checked in parallel; their errors are answered in issue 18's order below.
        IngestError zipError = null;
        Map<String, GroupFiles.Extracted> files = Map.of();
        if (op == Operation.ADD || op == Operation.UPD) {
            zipError = packageIngestRefusal != null ? packageIngestRefusal
                    : scrubbed(ErrorClasses.first(checked.findings(), true), u);
            if (zipError == null) {
                files = extract(u, group);
            }
        }
        List<BlobKey> durable = List.of();
        try {
            // the puts to the large-blob tier need no stored state either: before the turn, in parallel
            durable = early.putAll(files);
            return commits.commit(call, group, id, zipError, files);
        } finally {
            early.release(durable);
            files.values().forEach(GroupFiles.Extracted::discard);
        }
    }

    /** Gives back every crawler's lease and ends its run. */
    public void close() {
        commits.close();
    }

    /** The MetaInfo's bytes: the upload's file, or the packaged ZIP's {@code metainfo.xml}. */
    private byte[] metaInfo(GroupUpload u) throws IngestRefusal {
        try {
            if (!u.packaged()) {
                long size = Files.size(u.metaInfo());
                if (size > GroupFiles.MAX_METAINFO) {
                    throw new IngestRefusal(IngestError.of(IngestError.Kind.TOO_LARGE, "the MetaInfo has " + size
                            + " bytes, more than " + GroupFiles.MAX_METAINFO));
                }
                return Files.readAllBytes(u.metaInfo());
            }
            byte[] b = GroupFiles.entry(u.data(), archiveName(u), GroupUpload.PACKAGED_METAINFO, limits);
            if (b == null) {
                throw new IngestRefusal(IngestError.of(IngestError.Kind.NO_METAINFO, "the ZIP holds no "
                        + GroupUpload.PACKAGED_METAINFO + " beside the group's files"));
            }
            return b;
        } catch (ZipArchiveException e) {
            throw new IngestRefusal(IngestError.of(IngestError.Kind.UNSAFE_ZIP, scrub(e.getMessage(), u)));
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

    private static long size(@Nullable Path file) {
        try {
            return file == null ? 0 : Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
