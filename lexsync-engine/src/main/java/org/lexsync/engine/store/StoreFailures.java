package org.lexsync.engine.store;

import org.lexsync.engine.disk.DiskFailures;
import org.lexsync.engine.model.StoreException;
import org.lexsync.engine.model.StoreUnavailableException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Names a failed store operation's cause when it is local and lasting (docs/architecture.md, "Exit codes", exit code
 * 4): a full disk, a read-only store or a damaged database become a {@link StoreUnavailableException} with a one-line
 * message naming the directory or database; anything else stays a plain {@link StoreException}. SQLite reports a full
 * disk as {@code SQLITE_FULL}, but also as an I/O error or, once it rolled the transaction back itself, as "no
 * transaction is active" on commit; so an I/O-ish failure is also checked against the free space. Every message names
 * the database's error in one short line ({@link SqlErrorText}), never the statement or its parameters.
 */
final class StoreFailures {
    /** Below this many usable bytes a failed write is blamed on the full disk. */

    private static final int SQLITE_ERROR = 1;
    private static final int SQLITE_PERM = 3;
    private static final int SQLITE_READONLY = 8;
    private static final int SQLITE_IOERR = 10;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_FULL = 13;
    private static final int SQLITE_CANTOPEN = 14;
    private static final int SQLITE_NOTADB = 26;

    private StoreFailures() {
    }

    /** The exception for a failed database operation on the store of {@code config}. */
    static StoreException of(StoreConfig config, String operation, SQLException e) {
        StoreUnavailableException named = config.sqlite() ? sqlite(config, operation, e) : postgres(config, operation, e);
        return named != null ? named : new StoreException(operation, SqlErrorText.of(e), e);
    }

    /** The exception for a failed file operation under {@code dir} (blobs, temp files). */
    static StoreException of(Path dir, String operation, IOException e) {
        return DiskFailures.of(dir, operation, e);
    }

    static StoreUnavailableException full(Path dir, String operation, Throwable cause) {
        return DiskFailures.full(dir, operation, cause);
    }

    static StoreUnavailableException readOnly(Path dir, String operation, Throwable cause) {
        return DiskFailures.readOnly(dir, operation, cause);
    }

    static StoreUnavailableException damaged(String database, String operation, String detail, Throwable cause) {
        return new StoreUnavailableException(StoreUnavailableException.Kind.DAMAGED, database, operation,
                "store database " + database + " is damaged (" + detail
                        + "); restore it from a backup or move it away to harvest again", cause);
    }

    private static StoreUnavailableException sqlite(StoreConfig config, String operation, SQLException e) {
        Path dir = config.dataDir();
        int code = primaryCode(e);
        String message = String.valueOf(e.getMessage());
        return switch (code) {
            case SQLITE_FULL -> full(dir, operation, e);
            case SQLITE_READONLY, SQLITE_PERM -> readOnly(dir, operation, e);
            case SQLITE_CORRUPT, SQLITE_NOTADB -> damaged(database(config), operation,
                    code == SQLITE_NOTADB ? "file is not a database" : "database disk image is malformed", e);
            case SQLITE_IOERR, SQLITE_ERROR, SQLITE_CANTOPEN -> {
                if (nearlyFull(dir) || message.contains("disk is full")) {
                    yield full(dir, operation, e);
                }
                if (code != SQLITE_ERROR && !writable(dir)) {
                    yield readOnly(dir, operation, e);
                }
                yield null;
            }
            default -> null;
        };
    }

    private static StoreUnavailableException postgres(StoreConfig config, String operation, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String db = config.effectiveJdbcUrl();
        return switch (state) {
            case "53100" -> new StoreUnavailableException(StoreUnavailableException.Kind.FULL, db, operation,
                    "no space left on device for the database " + db + " (" + SqlErrorText.of(e) + ")", e);
            case "25006" -> new StoreUnavailableException(StoreUnavailableException.Kind.READ_ONLY, db, operation,
                    "store database " + db + " is read-only", e);
            case "XX001", "XX002" -> damaged(db, operation, SqlErrorText.of(e), e);
            default -> null;
        };
    }

    /** SQLite's primary result code (the low byte of an extended code), or -1 when there is none. */
    private static int primaryCode(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getErrorCode() > 0) {
                return s.getErrorCode() & 0xff;
            }
        }
        return -1;
    }

    private static String database(StoreConfig config) {
        String url = config.effectiveJdbcUrl();
        return url.startsWith("jdbc:sqlite:") ? url.substring("jdbc:sqlite:".length()) : url;
    }

    static boolean nearlyFull(Path dir) {
        return DiskFailures.nearlyFull(dir);
    }

    static boolean writable(Path dir) {
        return DiskFailures.writable(dir);
    }
}
