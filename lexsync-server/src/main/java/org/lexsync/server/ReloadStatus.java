package org.lexsync.server;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ConfigException;

/**
 * What the last reloads of {@code lexsync.yaml} did (issue 28.2): the reload feature records each outcome here, and
 * the dashboard (a banner on every page) and {@code /metrics} read it, so a refused reload is visible where the
 * operator looks and not only in the log. Thread-safe.
 */
public final class ReloadStatus {
    private @Nullable Refusal refusal;
    private long failures;
    private Instant lastSuccess;

    /** A refused reload: where the file is wrong ({@link ConfigException}'s file, line, key) and when. */
    public record Refusal(String message, String file, int line, String key, Instant at) {
        public Refusal {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(at, "at");
        }
    }

    /** A status whose configuration was put in force (read at start) at {@code started}. */
    ReloadStatus(Instant started) {
        this.lastSuccess = Objects.requireNonNull(started, "started");
    }

    /** The configuration was (re)loaded and is in force: any refusal shown before is over. */
    public synchronized void succeeded(Instant at) {
        lastSuccess = at;
        refusal = null;
    }

    /** A reload was refused; the configuration in force stays. */
    public synchronized void refused(ConfigException e, Instant at) {
        failures++;
        refusal = new Refusal(e.getMessage(), e.file(), e.line(), e.key() == null ? "" : e.key(), at);
    }

    /** The refusal of the latest reload, while no reload succeeded after it. */
    public synchronized Optional<Refusal> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** Reloads refused since the server started. */
    public synchronized long failures() {
        return failures;
    }

    /** When the configuration in force was last read successfully (the start, or the last reload put in force). */
    public synchronized Instant lastSuccess() {
        return lastSuccess;
    }
}
