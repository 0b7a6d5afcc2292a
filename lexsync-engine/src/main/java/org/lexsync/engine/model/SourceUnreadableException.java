package org.lexsync.engine.model;

import java.net.URI;
import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * The source could not be read at all — its entry document is unreachable, refused, or not a document of
 * the expected kind — so nothing was planned. Carries the URL and, when there was one, the HTTP status.
 * The command line maps it to exit code 3.
 */
public final class SourceUnreadableException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final transient URI url;
    private final int status;
    private final String why;

    public SourceUnreadableException(URI url, int status, String why) {
        this(url, status, why, null);
    }

    public SourceUnreadableException(URI url, int status, String why, Throwable cause) {
        super(String.format(Locale.ROOT, "%s: could not be read%s: %s", url, status > 0 ? " (HTTP " + status + ")" : "",
                why), cause);
        this.url = url;
        this.status = status;
        this.why = why;
    }

    /** The message without "could not be read", for a list of several attempts: {@code URL (HTTP n): why}. */
    public String attempt() {
        return String.format(Locale.ROOT, "%s%s: %s", url, status > 0 ? " (HTTP " + status + ")" : "", why);
    }

    public URI url() {
        return url;
    }

    /** The last HTTP status, 0 when there was none. */
    public int status() {
        return status;
    }
}
