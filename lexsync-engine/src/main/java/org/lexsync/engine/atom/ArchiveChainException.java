package org.lexsync.engine.atom;

import java.net.URI;
import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * The archive chain of a feed cannot be walked to a consistent point (rinfo §6, §8.3): an archive is
 * missing or unreadable, the prev-archive links form a cycle, or an older page holds items newer than the
 * page walked before it. Nothing newer than the break is collected, so no gap can open (rinfo §8.1).
 */
public final class ArchiveChainException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    /** What is wrong with the chain. */
    public enum Problem {
        /** An archive could not be fetched (404, refused, timeout …). */
        MISSING,
        /** An archive was fetched but is not a readable Atom feed. */
        UNREADABLE,
        /** A prev-archive link leads back to a document already walked. */
        CYCLE,
        /** An older archive holds an item newer than the oldest item of the newer document. */
        OUT_OF_ORDER;

        public String token() {
            return "archive-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final transient URI url;
    private final Problem problem;
    private final int status;

    public ArchiveChainException(URI url, Problem problem, int status, String detail) {
        super(String.format(Locale.ROOT, "%s: %s%s: %s", url, problem.token(),
                status > 0 ? " (HTTP " + status + ")" : "", detail));
        this.url = url;
        this.problem = problem;
        this.status = status;
    }

    /** The archive document at which the chain broke. */
    public URI url() {
        return url;
    }

    public Problem problem() {
        return problem;
    }

    /** The HTTP status when the archive could not be fetched, else 0. */
    public int status() {
        return status;
    }
}
