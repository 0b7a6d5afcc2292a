package org.lexsync.engine.fetch;

import java.net.URI;
import java.time.Duration;

import org.lexsync.core.LexsyncException;

/**
 * An expected failure of one attempt, carrying its data; {@link Fetcher} decides from
 * {@link #retryable()} whether to try again and finally turns it into a {@link FetchResult.Failed}.
 */
final class FetchException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final transient URI url;
    private final FetchFailure reason;
    private final int status;
    private final boolean retryable;
    private final transient Duration retryAfter;

    FetchException(URI url, FetchFailure reason, String message, int status, boolean retryable, Duration retryAfter,
                   Throwable cause) {
        super(message, cause);
        this.url = url;
        this.reason = reason;
        this.status = status;
        this.retryable = retryable;
        this.retryAfter = retryAfter;
    }

    static FetchException fatal(URI url, FetchFailure reason, String message) {
        return new FetchException(url, reason, message, 0, false, null, null);
    }

    static FetchException transientFailure(URI url, FetchFailure reason, String message, Throwable cause) {
        return new FetchException(url, reason, message, 0, true, null, cause);
    }

    URI url() {
        return url;
    }

    FetchFailure reason() {
        return reason;
    }

    int status() {
        return status;
    }

    boolean retryable() {
        return retryable;
    }

    Duration retryAfter() {
        return retryAfter;
    }
}
