package org.lexsync.engine.ingest;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.lexsync.engine.fetch.GroupPoster;
import org.lexsync.engine.model.OutboxReport;
import org.lexsync.engine.model.UploadOutcome;

/**
 * A crawler's way to the ingestion service of a server (EUCases D2.1 §1.3.2; docs/architecture.md, "Ingestion"):
 * sends an outbox's pending groups, or one packaged group, through a {@link GroupPoster} it opens and closes.
 */
public final class Uploads {
    private Uploads() {
    }

    /** Sends the pending groups of the outbox in {@code outbox} to {@code server}, oldest first (see {@link Outbox#send}). */
    public static OutboxReport sendOutbox(Path outbox, URI server, String token, Duration timeout) {
        try (GroupPoster poster = GroupPoster.create(server, token, timeout)) {
            return Outbox.open(outbox).send(poster);
        }
    }

    /**
     * Uploads one group packaged as a ZIP holding {@code metainfo.xml} to {@code server}: acknowledged, refused (a
     * 4xx about the group) or not delivered (no answer, 401/403, 408, 429, 5xx) — the outbox's rule.
     */
    public static UploadOutcome sendPackage(Path zip, URI server, String token, Duration timeout) {
        try (GroupPoster poster = GroupPoster.create(server, token, timeout)) {
            GroupPoster.Answer a = poster.postPackage(zip);
            UploadOutcome.Status status = a.ok() ? UploadOutcome.Status.ACKNOWLEDGED
                    : Outbox.refusedForGood(a.status()) ? UploadOutcome.Status.REFUSED : UploadOutcome.Status.NOT_DELIVERED;
            return new UploadOutcome(zip.getFileName().toString(), status, a.status(), a.text());
        } catch (IOException e) {
            return new UploadOutcome(zip.getFileName().toString(), UploadOutcome.Status.NOT_DELIVERED, 0,
                    server + " could not be reached: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }
}
