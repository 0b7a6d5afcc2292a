package org.lexsync.engine.model;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import org.lexsync.core.LexsyncException;

/**
 * A source is already being harvested (or applied to) by another process or thread holding its lease
 * (docs/architecture.md, "Concurrency"), so this one was refused at once rather than harvest it twice. Names the
 * holder (pid and host) and since when it holds the source; the lease runs out at {@code expires} unless renewed,
 * so a holder that died blocks the source no longer than that. The command line maps it to exit code 2.
 */
public final class SourceBusyException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String sourceId;
    private final long holderPid;
    private final String holderHost;
    private final transient Instant since;
    private final transient Instant expires;

    public SourceBusyException(String sourceId, long holderPid, String holderHost, Instant since, Instant expires) {
        super(String.format(Locale.ROOT, "source '%s' is being harvested by process %d@%s since %s (lease until %s);"
                + " try again when it has finished", sourceId, holderPid, holderHost, since, expires));
        this.sourceId = Objects.requireNonNull(sourceId, "sourceId");
        this.holderPid = holderPid;
        this.holderHost = Objects.requireNonNull(holderHost, "holderHost");
        this.since = Objects.requireNonNull(since, "since");
        this.expires = Objects.requireNonNull(expires, "expires");
    }

    public String sourceId() {
        return sourceId;
    }

    /** The process id of the holder. */
    public long holderPid() {
        return holderPid;
    }

    /** The host name of the holder. */
    public String holderHost() {
        return holderHost;
    }

    /** When the holder took the source. */
    public Instant since() {
        return since;
    }

    /** When the holder's lease runs out unless it renews it. */
    public Instant expires() {
        return expires;
    }
}
