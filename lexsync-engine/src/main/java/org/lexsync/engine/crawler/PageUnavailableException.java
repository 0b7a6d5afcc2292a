package org.lexsync.engine.crawler;

import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * A page the crawler asked the session for could not be had: the URL, the HTTP status (0 when there was none: a
 * timeout, a refused connection, robots.txt) and the fetcher's reason. A listing page that fails stops the run
 * where it is (the cursor stays before it); it never deletes anything.
 */
public final class PageUnavailableException extends RuntimeException {
    private final URI url;
    private final int status;
    private final String reason;

    public PageUnavailableException(URI url, int status, String reason, @Nullable String message) {
        super(url + ": " + reason + (message == null ? "" : ": " + message));
        this.url = url;
        this.status = status;
        this.reason = reason;
    }

    public URI url() {
        return url;
    }

    public int status() {
        return status;
    }

    /** The fetcher's failure reason, lower-case and hyphenated (e.g. {@code http-status}, {@code timeout}). */
    public String reason() {
        return reason;
    }

    /** True for the explicit "gone" answers, 404 Not Found and 410 Gone. */
    public boolean gone() {
        return status == 404 || status == 410;
    }
}
