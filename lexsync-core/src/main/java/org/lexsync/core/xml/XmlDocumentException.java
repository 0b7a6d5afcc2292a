package org.lexsync.core.xml;

import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * A document that could not be read: malformed, hostile (DOCTYPE, entities, limits exceeded) or of an
 * unexpected kind. Carries the document (URL or file), the position and a {@link Reason} so callers can
 * react without parsing messages.
 */
public final class XmlDocumentException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    /** Why the document was refused. */
    public enum Reason {
        MALFORMED("malformed XML"),
        DOCTYPE_FORBIDDEN("DOCTYPE declarations are not accepted (no DTDs, no external entities)"),
        ENTITY_FORBIDDEN("entity references other than the XML built-ins are not accepted"),
        TOO_DEEP("element nesting deeper than the limit"),
        TEXT_TOO_LONG("text longer than the limit"),
        ATTRIBUTE_TOO_LONG("attribute value longer than the limit"),
        TOO_MANY_ATTRIBUTES("more attributes on one element than the limit"),
        TOO_LARGE("document larger than the byte limit"),
        GZIP_BOMB("gzip expansion beyond the limit"),
        BAD_GZIP("corrupt gzip data"),
        UNEXPECTED_ROOT("not a document of the expected kind"),
        IO("the document could not be read");

        private final String description;

        Reason(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Reason reason;
    private final String document;
    private final int line;
    private final int column;
    private final String detail;

    public XmlDocumentException(Reason reason, String document, int line, int column, String detail) {
        this(reason, document, line, column, detail, null);
    }

    public XmlDocumentException(Reason reason, String document, int line, int column, String detail, Throwable cause) {
        super(format(reason, document, line, column, detail), cause);
        this.reason = reason;
        this.document = document;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    public Reason reason() {
        return reason;
    }

    /** The URL or path of the document, or {@code "(unnamed)"}. */
    public String document() {
        return document;
    }

    /** 1-based line, 0 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column, 0 when unknown. */
    public int column() {
        return column;
    }

    public String detail() {
        return detail;
    }

    private static String format(Reason reason, String document, int line, int column, String detail) {
        String where = line > 0 ? String.format(Locale.ROOT, " at line %d, column %d", line, column) : "";
        String more = detail == null || detail.isBlank() ? "" : ": " + detail;
        return String.format(Locale.ROOT, "%s%s: %s%s", document, where, reason.description(), more);
    }
}
