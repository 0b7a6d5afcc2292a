package org.lexsync.engine;

import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.GroupType;
import org.lexsync.engine.ingest.GroupForwarder;
import org.lexsync.engine.ingest.Ingestion;
import org.lexsync.engine.model.ForwardedGroups;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestLogEntry;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.store.Store;

/**
 * The ingestion service's side of a {@link LexSync} (docs/architecture.md, "Ingestion"): uploaded document groups
 * in, the crawler log, and a crawl's changed groups out to an outbox. Kept apart from the facade because only the
 * ingestion front end (the server's API, {@code lexsync ingest}, a crawler forwarding its groups) needs it. Get it
 * with {@link LexSync#ingestion()}; static outbox helpers that need no store are in {@link Outboxes}.
 */
public final class IngestionView {
    private final Store store;
    private final Ingestion ingestion;

    IngestionView(Store store, Ingestion ingestion) {
        this.store = store;
        this.ingestion = ingestion;
    }

    /**
     * Ingests one uploaded document group (EUCases D2.1 §3.2): validated completely in issue 18's order, then applied
     * as ONE transaction to the source named after its crawler (journal rows with MD5 and SHA-256 per changed
     * document), an identical re-send answered as unchanged; every call writes a crawler log row. A refusal is data
     * ({@link IngestResult#error()}); store failures are thrown.
     */
    public IngestResult ingest(GroupUpload upload) {
        return ingestion.ingest(upload);
    }

    /** Writes the crawler log row of an upload the front end refused before {@link #ingest} (e.g. too large). */
    public void logIngestRefusal(@Nullable String remote, @Nullable String crawler, long length, IngestError error) {
        ingestion.logRefusal(remote, crawler, length, error);
    }

    /**
     * The crawler log, newest first: of one crawler (all when null), with ids below {@code beforeId} (from the start
     * when null), at most {@code limit} rows.
     */
    public List<IngestLogEntry> ingestLog(@Nullable String crawler, @Nullable Long beforeId, int limit) {
        return ingestion.log(crawler, beforeId, limit);
    }

    /**
     * Writes the document groups of crawler source {@code sourceId} that changed after journal sequence
     * {@code afterSeq} into the outbox in {@code outbox} (EUCases D2.1 §1.3.2, §3.2): each changed group whole, as
     * ZIP + MetaInfo, Add/Upd/Del after its detail page, with stable GUIDs, the given language and type. Send them
     * with {@link Outboxes#send}.
     */
    public ForwardedGroups forwardGroups(String sourceId, long afterSeq, Path outbox, String lang, GroupType type) {
        return GroupForwarder.forward(store, sourceId, afterSeq, outbox, lang, type);
    }
}
