package org.lexsync.engine.model;

import java.util.Objects;

/**
 * What became of one document group sent from an outbox (issue 18; EUCases D2.1 §1.3.2): acknowledged by the server
 * ({@code Ok}: stored, or already held), refused by it (its {@code Error: …}; the group is set aside and not sent
 * again), or not delivered (server unreachable or failing; the group stays pending and is sent at the next start).
 *
 * @param entry  the outbox entry's name
 * @param status what happened
 * @param http   the HTTP status, 0 when no answer came
 * @param answer the server's answer, or why none came
 */
public record UploadOutcome(String entry, Status status, int http, String answer) {
    /** The three fates of a sent group. */
    public enum Status { ACKNOWLEDGED, REFUSED, NOT_DELIVERED }

    public UploadOutcome {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(answer, "answer");
    }
}
