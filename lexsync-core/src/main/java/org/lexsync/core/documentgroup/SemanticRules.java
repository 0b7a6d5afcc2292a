package org.lexsync.core.documentgroup;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.zip.ZipNames;

/**
 * The rules that EUCases D2.1 states in prose (§3.2, §3.3.1) beyond what the Appendix I schema checks.
 * Where the schema already rejects a value, these rules stay silent, so that one problem gives one finding.
 */
final class SemanticRules {
    private static final String HEX = "[a-fA-F0-9]";
    private static final Pattern GUID = Pattern.compile(guid(HEX));
    /** The group identifier pattern as Appendix I prints it (admits g-z in lower case). */
    private static final Pattern LOOSE_GUID = Pattern.compile(guid("[a-zA-F0-9]"));
    private static final Pattern MD5 = Pattern.compile(HEX + "{32}");
    private static final Pattern LOOSE_MD5 = Pattern.compile("[a-zA-F0-9]{32}");
    private static final Pattern MIME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*");
    private static final Pattern ISO_639 = Pattern.compile("[A-Za-z]{2,3}");

    private SemanticRules() {
    }

    static void check(ReadResult read, Findings findings) {
        DocumentGroup g = read.group();
        Position at = read.groupPosition();
        if (g.identifier() != null && LOOSE_GUID.matcher(g.identifier()).matches()
                && !GUID.matcher(g.identifier()).matches()) {
            findings.error("eucases:3.2/identifier", "documentgroup identifier '" + g.identifier()
                    + "' is not a GUID (letters beyond f; Appendix I's pattern lets them through)", at.line(), at.column());
        }
        if (g.format() != null) {
            if (!MIME.matcher(g.format()).matches()) {
                findings.error("eucases:3.2/group-format", "documentgroup format '" + g.format()
                        + "' is not a MIME type (type/subtype, RFC 2046)", at.line(), at.column());
            } else if (!g.format().equalsIgnoreCase("application/zip")) {
                findings.warning("eucases:3.2/group-format", "documentgroup format '" + g.format()
                        + "'; §3.2 says the package is a ZIP archive (application/zip)", at.line(), at.column());
            }
        }
        if (g.lang() != null && !ISO_639.matcher(g.lang()).matches()) {
            findings.warning("eucases:3.2/lang", "lang '" + g.lang() + "' is not an ISO 639 language code",
                    at.line(), at.column());
        }
        Map<String, Integer> identifiers = new HashMap<>();
        Map<String, Integer> files = new HashMap<>();
        if (g.identifier() != null) {
            identifiers.put(g.identifier().toLowerCase(Locale.ROOT), -1);
        }
        List<Document> documents = g.documents();
        for (int i = 0; i < documents.size(); i++) {
            Document d = documents.get(i);
            Position p = read.documentPosition(i);
            if (d.identifier() != null) {
                Integer first = identifiers.putIfAbsent(d.identifier().toLowerCase(Locale.ROOT), i);
                if (first != null) {
                    findings.error("eucases:3.2/identifier-unique", String.format(Locale.ROOT,
                            "document identifier '%s' is already used by %s; §3.2 requires identifiers unique across"
                                    + " all crawlers", d.identifier(),
                            first < 0 ? "the documentgroup" : "document " + (first + 1)), p.line(), p.column());
                }
            }
            if (d.file() != null) {
                Integer first = files.putIfAbsent(d.file(), i);
                if (first != null) {
                    findings.error("eucases:3.2/file-unique", String.format(Locale.ROOT,
                            "file '%s' is already listed by document %d; a ZIP package holds one file per name",
                            d.file(), first + 1), p.line(), p.column());
                }
                if (!safeEntryName(d.file())) {
                    findings.error("eucases:3.2/file-name", "file '" + d.file()
                            + "' is not a plain relative name inside the package", p.line(), p.column());
                }
            }
            if (d.md5() != null && LOOSE_MD5.matcher(d.md5()).matches() && !MD5.matcher(d.md5()).matches()) {
                findings.error("eucases:3.2/md5", "md5 '" + d.md5()
                        + "' is not hexadecimal (Appendix I's pattern lets letters beyond f through)", p.line(), p.column());
            }
            if (d.url() != null && !absoluteUrl(d.url())) {
                findings.error("eucases:3.2/url", "url '" + d.url() + "' is not an absolute URL of the source",
                        p.line(), p.column());
            }
            if (g.operation() == Operation.ADD && d.operation() != null && d.operation() != Operation.ADD) {
                findings.warning("eucases:3.3.1/new-group", String.format(Locale.ROOT,
                        "document '%s' is '%s' in a group marked 'Add'; a new group's files are all new (§3.3.1)",
                        d.file(), d.operation().token()), p.line(), p.column());
            }
        }
    }

    /** A plain relative ZIP entry name, which cannot escape the package directory ({@link ZipNames#notPlain}). */
    static boolean safeEntryName(String name) {
        return ZipNames.notPlain(name) == null;
    }

    private static boolean absoluteUrl(String url) {
        try {
            URI u = new URI(url);
            return u.isAbsolute() && !u.isOpaque() && u.getScheme() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String guid(String c) {
        return c + "{8}-" + c + "{4}-" + c + "{4}-" + c + "{4}-" + c + "{12}";
    }
}
