package org.lexsync.core.documentgroup;

import org.lexsync.core.zip.ZipArchiveException;

/**
 * The ZIP gate's refusals as document-group refusals: the gate says why in its own terms
 * ({@link ZipArchiveException.Reason}), a document group's caller gets a {@link DocumentGroupArchiveException}
 * with the same archive, entry and detail.
 */
final class ArchiveErrors {
    private ArchiveErrors() {
    }

    static DocumentGroupArchiveException of(ZipArchiveException e) {
        DocumentGroupArchiveException.Reason reason = switch (e.reason()) {
            case TOO_MANY_ENTRIES -> DocumentGroupArchiveException.Reason.TOO_MANY_ENTRIES;
            case ENTRY_TOO_LARGE, ARCHIVE_TOO_LARGE -> DocumentGroupArchiveException.Reason.TOO_LARGE;
            case ENTRY_RATIO, ARCHIVE_RATIO, OVERLAPPING_ENTRIES -> DocumentGroupArchiveException.Reason.ZIP_BOMB;
            case IO -> DocumentGroupArchiveException.Reason.IO;
            case NOT_A_ZIP, CORRUPT, UNSAFE_NAME, UNREADABLE_ENTRY, CORRUPT_ENTRY ->
                    DocumentGroupArchiveException.Reason.CORRUPT;
        };
        return new DocumentGroupArchiveException(reason, e.archive(), e.entry(), e.detail(), e);
    }

    /** The gate's refusal behind a failure to read an entry as XML (the stream's cause), or null. */
    static ZipArchiveException cause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ZipArchiveException z) {
                return z;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }
}
