package org.lexsync.engine.model;

import java.time.Instant;
import java.util.Objects;

/**
 * How many journal rows (changes collected) a source got in one hour (UTC, {@code hour} its start), for the
 * dashboard's chart (docs/architecture.md, "Dashboard and metrics").
 */
public record HourlyChanges(String sourceId, Instant hour, long changes) {
    public HourlyChanges {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(hour, "hour");
    }
}
