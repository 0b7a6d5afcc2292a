package org.lexsync.engine.model;

import java.util.Locale;
import java.util.Objects;

/**
 * Why the ingestion service refused a document group (EUCases D2.1 §3.2, "Errors returned by the Crawler web
 * service", with the classes of issue 18): the class, a message naming what was wrong, and where in the MetaInfo XML
 * (1-based line and column; 0 when the error has no place in it, e.g. a ZIP entry). Data, not an exception: the
 * front end answers it (HTTP 4xx, SOAP {@code Error: …}, a command line's line).
 */
public record IngestError(Kind kind, String message, int line, int column) {

    /** The error classes, in the order the service checks them (issue 18, "Validation in this order"). */
    public enum Kind {
        /** A packaged upload's ZIP holds no {@code metainfo.xml}. */
        NO_METAINFO("NoMetaInfo"),
        /** The MetaInfo is not well-formed XML, or hostile (DOCTYPE, entities, limits). */
        MALFORMED_XML("MalformedXml"),
        /** The MetaInfo breaks the Appendix I schema (structure, values) in a way no finer class names. */
        SCHEMA("SchemaViolation"),
        /** An identifier is not a GUID (or is used twice in the group). */
        INVALID_GUID("InvalidGuid"),
        /** A format is none of Appendix I's MIME types. */
        UNKNOWN_FORMAT("UnknownFormat"),
        /** A required attribute is missing (§3.2: "All elements and attributes are required"). */
        MISSING_ATTRIBUTE("MissingAttribute"),
        /** A value the §3.2 prose rules refuse: an md5 that is not hex, a url that is not absolute, a file named twice. */
        INVALID_VALUE("InvalidValue"),
        /** The group names another crawler than the one whose token uploaded it (a crawler writes only its own). */
        WRONG_CRAWLER("WrongCrawler"),
        /** An Add or Upd came without a ZIP, or with an empty one (§3.2 "ZipData validation"). */
        EMPTY_ZIP("EmptyZip"),
        /** An Add of an identifier the store already holds (§3.2 "Operation validation"). */
        GROUP_EXISTS("GroupExists"),
        /** An Upd or Del of an identifier the store does not hold (§3.2 "Operation validation"). */
        UNKNOWN_GROUP("UnknownGroup"),
        /** The group's operation is None: nothing to do (§1.3.2 sends only changed groups). */
        OPERATION_NONE("OperationNone"),
        /** A document's file is not in the ZIP (§3.2 "Zip validation"). */
        FILE_MISSING("FileMissing"),
        /** A file's bytes do not have the document's MD5. */
        MD5_MISMATCH("Md5Mismatch"),
        /** The ZIP is corrupt or hostile: path traversal, a bomb, too many entries (docs/architecture.md, invariant 5). */
        UNSAFE_ZIP("UnsafeZip"),
        /** The upload is larger than the server accepts. */
        TOO_LARGE("TooLarge");

        private final String className;

        Kind(String className) {
            this.className = className;
        }

        /** The class as answered to the crawler, e.g. {@code Md5Mismatch}. */
        public String className() {
            return className;
        }
    }

    public IngestError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        line = Math.max(line, 0);
        column = Math.max(column, 0);
    }

    /** An error without a place in the MetaInfo. */
    public static IngestError of(Kind kind, String message) {
        return new IngestError(kind, message, 0, 0);
    }

    /** The §3.2 answer line: {@code Error: <description>}, with the place when known. */
    public String answer() {
        return line > 0 ? String.format(Locale.ROOT, "Error: %s: %s (line %d, column %d)", kind.className(), message,
                line, column) : String.format(Locale.ROOT, "Error: %s: %s", kind.className(), message);
    }
}
