package org.lexsync.engine.ingest;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.IngestError;

/**
 * Turns the document-group validator's findings (core's {@code DocumentGroupValidator}: Appendix I schema, §3.2 prose
 * rules, §3.2 "Zip validation") into the ingestion service's typed error classes, and picks the one to answer: the
 * first class in the order issue 18 checks them ({@link IngestError.Kind} order), the first finding of that class in
 * document order — the MetaInfo's and the package's apart, since the checks against the stored state come between
 * them. Warnings never refuse a group.
 */
final class ErrorClasses {
    /** The message Xerces gives for a required attribute that is missing (XML Schema 1.0, cvc-complex-type.4). */
    private static final String MISSING = "cvc-complex-type.4";

    private ErrorClasses() {
    }

    /**
     * The error to answer among the findings on the package ({@code zip}: §3.2 "Zip validation", answered after the
     * checks against the stored state) or on the MetaInfo (the others), or null.
     */
    static @Nullable IngestError first(Findings findings, boolean zip) {
        IngestError best = null;
        for (Finding f : findings) {
            if (f.severity() != Severity.ERROR || tolerated(f)) {
                continue;
            }
            IngestError.Kind kind = kind(f);
            if (zip != isPackageKind(kind)) {
                continue;
            }
            if (best == null || kind.ordinal() < best.kind().ordinal()) {
                best = new IngestError(kind, f.message(), f.line(), f.column());
            }
        }
        return best;
    }

    /**
     * The Appendix I schema as LexSync keeps it requires {@code documentgroup/@type} (restored from the §3.2 text and
     * example); the appendix as printed does not declare it, so crawlers written against the printed schema leave it
     * out. Issue 18: accept both.
     */
    static boolean tolerated(Finding f) {
        return f.message().startsWith(MISSING) && f.message().contains("'type'")
                && f.message().contains("'documentgroup'");
    }

    private static boolean isPackageKind(IngestError.Kind kind) {
        return kind == IngestError.Kind.EMPTY_ZIP || kind == IngestError.Kind.FILE_MISSING
                || kind == IngestError.Kind.MD5_MISMATCH || kind == IngestError.Kind.UNSAFE_ZIP;
    }

    static IngestError.Kind kind(Finding f) {
        String rule = f.rule();
        String m = f.message();
        return switch (rule) {
            case "eucases:appendix-I/xsd" -> schemaKind(m);
            case "eucases:3.2/identifier", "eucases:3.2/identifier-unique" -> IngestError.Kind.INVALID_GUID;
            case "eucases:3.2/group-format" -> IngestError.Kind.UNKNOWN_FORMAT;
            case "eucases:appendix-I/filename", "eucases:appendix-I/required" -> IngestError.Kind.MISSING_ATTRIBUTE;
            case "eucases:3.2/md5", "eucases:3.2/url", "eucases:3.2/file-name", "eucases:3.2/file-unique",
                 "eucases:3.2/url-unique" -> IngestError.Kind.INVALID_VALUE;
            case "eucases:3.2/zip-empty" -> IngestError.Kind.EMPTY_ZIP;
            case "eucases:3.2/zip-missing-file" -> IngestError.Kind.FILE_MISSING;
            case "eucases:3.2/md5-mismatch" -> IngestError.Kind.MD5_MISMATCH;
            case "eucases:3.2/zip-entry-name", "eucases:3.2/zip-duplicate-entry" -> IngestError.Kind.UNSAFE_ZIP;
            default -> IngestError.Kind.SCHEMA;
        };
    }

    /** Xerces' messages name the facet that failed; the GUID pattern and the format enumeration have classes. */
    private static IngestError.Kind schemaKind(String m) {
        String lower = m.toLowerCase(Locale.ROOT);
        if (m.startsWith(MISSING)) {
            return IngestError.Kind.MISSING_ATTRIBUTE;
        }
        if (m.startsWith("cvc-pattern-valid") && lower.contains("{8}-")) {
            return IngestError.Kind.INVALID_GUID;
        }
        if (m.startsWith("cvc-pattern-valid") && lower.contains("{32}")) {
            return IngestError.Kind.INVALID_VALUE;
        }
        if (m.startsWith("cvc-enumeration-valid") && lower.contains("application/zip")) {
            return IngestError.Kind.UNKNOWN_FORMAT;
        }
        return IngestError.Kind.SCHEMA;
    }
}
