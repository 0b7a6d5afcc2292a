package org.lexsync.engine.store;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The database's own account of a failed statement as one short line, for a {@code StoreException}'s message: what
 * reaches logs, the command line's one-line errors and HTTP problem responses. pgjdbc's messages are unfit for that:
 * a failed statement batch says "Batch entry N <the whole SQL with every parameter> was aborted: …" (kilobytes, and
 * document contents), and a server error carries a "Detail" that quotes the offending values. So on PostgreSQL this
 * takes the server's primary message with its SQLState and the table and constraint the server names; elsewhere
 * (SQLite, a connection failure) the driver's message. Either is cut to its first line and {@link #MAX_CHARS}; the
 * full exception stays the cause, for logs that print stack traces.
 */
final class SqlErrorText {
    /** The most characters of the database's message kept (the server's primary message is short; a value in it may not be). */
    static final int MAX_CHARS = 300;

    /** pgjdbc's batch message: "Batch entry N <SQL with parameters> was aborted: <reason>  Call getNextException…". */
    private static final Pattern BATCH_ENTRY = Pattern.compile(
            "Batch entry (\\d+) .* was aborted: (.*?)(?:\\s+Call getNextException.*)?", Pattern.DOTALL);

    private SqlErrorText() {
    }

    /** One line naming what the database said went wrong with {@code e}, without the statement or its parameters. */
    static String of(SQLException e) {
        ServerErrorMessage server = serverMessage(e);
        if (server != null) {
            return postgres(server);
        }
        SQLException specific = e;
        if (e instanceof BatchUpdateException && e.getNextException() != null) {
            specific = e.getNextException();
        }
        return bounded(withoutBatchStatement(String.valueOf(specific.getMessage())));
    }

    /** The first server error in the chain of {@code e} (next exceptions first, then causes), or null. */
    private static ServerErrorMessage serverMessage(SQLException e) {
        for (SQLException s = e; s != null; s = s.getNextException()) {
            for (Throwable t = s; t != null; t = t.getCause()) {
                if (t instanceof PSQLException p && p.getServerErrorMessage() != null
                        && p.getServerErrorMessage().getMessage() != null) {
                    return p.getServerErrorMessage();
                }
                if (t.getCause() == t) {
                    break;
                }
            }
            if (s.getNextException() == s) {
                break;
            }
        }
        return null;
    }

    private static String postgres(ServerErrorMessage m) {
        StringBuilder names = new StringBuilder();
        if (m.getSQLState() != null) {
            names.append("SQLState ").append(m.getSQLState());
        }
        if (m.getTable() != null) {
            names.append(names.isEmpty() ? "" : ", ").append("table ")
                    .append(m.getSchema() != null ? m.getSchema() + "." : "").append(m.getTable());
        }
        if (m.getColumn() != null) {
            names.append(names.isEmpty() ? "" : ", ").append("column ").append(m.getColumn());
        }
        if (m.getConstraint() != null) {
            names.append(names.isEmpty() ? "" : ", ").append("constraint ").append(m.getConstraint());
        }
        String text = bounded(m.getMessage());
        return names.isEmpty() ? text : text + " (" + names + ")";
    }

    /** pgjdbc's batch message without the statement: "batch entry N aborted: <reason>". */
    private static String withoutBatchStatement(String message) {
        Matcher m = BATCH_ENTRY.matcher(message);
        if (m.matches()) {
            return String.format(Locale.ROOT, "batch entry %s aborted: %s", m.group(1), m.group(2));
        }
        return message;
    }

    /** The first line of {@code message}, blanks collapsed, cut to {@link #MAX_CHARS} characters. */
    private static String bounded(String message) {
        String line = message.strip();
        int end = line.indexOf('\n');
        if (end >= 0) {
            line = line.substring(0, end);
        }
        line = line.replaceAll("\\s+", " ").strip();
        if (line.length() > MAX_CHARS) {
            int cut = Character.isHighSurrogate(line.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
            line = line.substring(0, cut) + "…";
        }
        return line;
    }
}
