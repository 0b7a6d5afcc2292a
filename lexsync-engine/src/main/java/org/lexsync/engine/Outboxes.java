package org.lexsync.engine;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.ingest.Outbox;
import org.lexsync.engine.ingest.Uploads;
import org.lexsync.engine.model.OutboxReport;
import org.lexsync.engine.model.UploadOutcome;

/**
 * A crawler's way to an ingestion service without a store (docs/architecture.md, "Ingestion"; EUCases D2.1 §1.3.2):
 * document groups added to a durable outbox directory, then sent, or one packaged group sent at once. A static
 * helper of its own: a crawler that uploads needs no {@link LexSync}.
 */
public final class Outboxes {
    private Outboxes() {
    }

    /**
     * Adds a document group to the durable outbox in {@code outbox} (created when needed): its ZIP (null for a Del)
     * and its MetaInfo are copied in, durable, in the order groups are added. Returns the entry's name.
     */
    public static String add(Path outbox, Path metaInfo, @Nullable Path zip) {
        return Outbox.open(outbox).add(metaInfo, zip);
    }

    /**
     * Sends the pending groups of the outbox in {@code outbox} to the ingestion service at {@code server} (its base
     * URI) with {@code token}, oldest first: acknowledged ones are marked done, refused ones set aside with the
     * server's answer, and at the first one not delivered (server down) the pass stops; the rest are sent by the next
     * call.
     */
    public static OutboxReport send(Path outbox, URI server, String token, Duration timeout) {
        return Uploads.sendOutbox(outbox, server, token, timeout);
    }

    /**
     * Uploads one group packaged as a ZIP holding {@code metainfo.xml} to the ingestion service at {@code server};
     * the outcome says whether it was acknowledged, refused (with the server's {@code Error: …}) or not delivered.
     */
    public static UploadOutcome sendPackage(Path zip, URI server, String token, Duration timeout) {
        return Uploads.sendPackage(zip, server, token, timeout);
    }
}
