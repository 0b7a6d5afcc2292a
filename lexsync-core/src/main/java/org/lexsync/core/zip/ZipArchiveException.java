package org.lexsync.core.zip;

import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * A ZIP archive, or one entry of it, that the gate refused: names the archive, the entry when one is at fault,
 * and why ({@link Reason}), so that each caller can word its own refusal (a ResourceSync dump package, an
 * EUCases document group) without parsing a message. {@link Reason#refusesArchive()} tells whether the rest of
 * the archive is still usable.
 */
public final class ZipArchiveException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    /** Why the archive or entry was refused. */
    public enum Reason {
        /** No END record: not a ZIP file at all, or one cut off before its central directory. */
        NOT_A_ZIP(true),
        /** The central directory or its END records cannot be read (spanned, cut off, out of the file). */
        CORRUPT(true),
        /** The central directory lists more entries than {@link ZipLimits#maxEntries()}. */
        TOO_MANY_ENTRIES(true),
        /** Two entries' data overlap (the "overlapping files" ZIP bomb; Info-ZIP unzip refuses them too). */
        OVERLAPPING_ENTRIES(true),
        /** One pass expanded beyond {@link ZipLimits#maxExpandedBytes()}. */
        ARCHIVE_TOO_LARGE(true),
        /** One pass expanded beyond {@link ZipLimits#maxRatio()} times the archive's size. */
        ARCHIVE_RATIO(true),
        /** An entry whose name could escape the archive's root ({@link ZipNames#unsafe}). */
        UNSAFE_NAME(false),
        /** An entry whose data cannot be read: another method, encrypted, bad local header, bad compressed data. */
        UNREADABLE_ENTRY(false),
        /** An entry whose bytes do not match the directory's CRC-32 or size. */
        CORRUPT_ENTRY(false),
        /** An entry larger than {@link ZipLimits#maxEntryBytes()}. */
        ENTRY_TOO_LARGE(false),
        /** An entry expanding beyond {@link ZipLimits#maxRatio()} times its compressed size. */
        ENTRY_RATIO(false),
        /** The file could not be read. */
        IO(true);

        private final boolean refusesArchive;

        Reason(boolean refusesArchive) {
            this.refusesArchive = refusesArchive;
        }

        /** True when nothing more can be read from the archive, false when only the entry is refused. */
        public boolean refusesArchive() {
            return refusesArchive;
        }
    }

    private final Reason reason;
    private final String archive;
    private final String entry;
    private final String detail;

    public ZipArchiveException(Reason reason, String archive, String entry, String detail) {
        this(reason, archive, entry, detail, null);
    }

    public ZipArchiveException(Reason reason, String archive, String entry, String detail, Throwable cause) {
        super(String.format(Locale.ROOT, "%s%s: %s", archive, entry == null ? "" : " entry '" + entry + "'", detail),
                cause);
        this.reason = reason;
        this.archive = archive;
        this.entry = entry;
        this.detail = detail;
    }

    public Reason reason() {
        return reason;
    }

    /** The archive's name as its opener gave it (a URL or a path). */
    public String archive() {
        return archive;
    }

    /** The entry at fault, or null when the archive as a whole is. */
    public String entry() {
        return entry;
    }

    /** Why, without the archive and entry: e.g. {@code expansion ratio above 200 (a ZIP bomb?)}. */
    public String detail() {
        return detail;
    }
}
