package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * A ResourceSync document (capability list, change list, dump package, …) could not be obtained or was
 * not what the framework requires; carries the URL and the last HTTP status (0 when none).
 */
public final class SourceDocumentException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final transient URI url;
    private final int status;

    public SourceDocumentException(URI url, int status, String why) {
        super(String.format(Locale.ROOT, "%s%s: %s", url, status > 0 ? " (HTTP " + status + ")" : "", why));
        this.url = url;
        this.status = status;
    }

    public URI url() {
        return url;
    }

    public int status() {
        return status;
    }
}
