package org.lexsync.core.documentgroup;

import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * A document group's ZIP package that could not be examined: corrupt, or beyond the hostile-input bounds
 * (docs/architecture.md, invariant 5: entry count, expanded size, expansion ratio). Names the package and, where known,
 * the entry.
 */
public final class DocumentGroupArchiveException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    /** Why the package was refused. */
    public enum Reason { CORRUPT, TOO_MANY_ENTRIES, TOO_LARGE, ZIP_BOMB, NO_METAINFO, SEVERAL_METAINFOS, IO }

    private final Reason reason;
    private final String archive;
    private final String entry;

    public DocumentGroupArchiveException(Reason reason, String archive, String entry, String detail, Throwable cause) {
        super(String.format(Locale.ROOT, "%s%s: %s: %s", archive, entry == null ? "" : " entry '" + entry + "'",
                reason.name().toLowerCase(Locale.ROOT).replace('_', ' '), detail), cause);
        this.reason = reason;
        this.archive = archive;
        this.entry = entry;
    }

    public Reason reason() {
        return reason;
    }

    /** The package's name (URL or path). */
    public String archive() {
        return archive;
    }

    /** The entry being read when the package was refused, or null. */
    public String entry() {
        return entry;
    }
}
