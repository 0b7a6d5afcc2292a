package org.lexsync.engine.model;

import java.util.Locale;
import org.lexsync.core.LexsyncException;

/** A SPARQL query was not valid (syntax error at line/column, 0 when unknown) or is not a query at all. */
public final class SparqlQueryException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String query;
    private final int line;
    private final int column;

    public SparqlQueryException(String query, int line, int column, String detail, Throwable cause) {
        super(String.format(Locale.ROOT, "invalid SPARQL query%s: %s",
                line > 0 ? String.format(Locale.ROOT, " at %d:%d", line, column) : "", detail), cause);
        this.query = query;
        this.line = line;
        this.column = column;
    }

    public String query() {
        return query;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
