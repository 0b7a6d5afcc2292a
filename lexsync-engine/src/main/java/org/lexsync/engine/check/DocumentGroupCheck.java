package org.lexsync.engine.check;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.lexsync.core.LexsyncException;
import org.lexsync.core.documentgroup.DocumentGroupValidator;
import org.lexsync.core.documentgroup.ValidationResult;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlDocumentException;

/**
 * Checks an EUCases document group (D2.1 §3.2, §3.3.1, Appendix I) with the core validator the harvester's gate
 * uses: the metaInfo XML against the Appendix I schema and the prose rules (GUIDs, formats, dates), and — when the
 * ZIP package is given, or when the root is a package carrying its own metaInfo — each document's file present in
 * the ZIP with the MD5 it declares. Either part may be a local file or an http(s) URL.
 */
final class DocumentGroupCheck {
    static final String ARCHIVE = "eucases:3.2/zip-readable";

    private DocumentGroupCheck() {
    }

    /** Returns false when the metaInfo (or the package given as root) could not be read at all. */
    static boolean check(CheckRun run) {
        run.tally.checked("eucases:appendix-I/xsd", Severity.ERROR, "the metaInfo is valid against Appendix I");
        run.tally.checked("eucases:3.2/md5-mismatch", Severity.ERROR,
                "each document's file in the ZIP has the MD5 the metaInfo declares (§3.2)");
        run.tally.checked("eucases:3.2/zip-missing-file", Severity.ERROR,
                "each document's file is present in the ZIP (§3.2)");
        Local meta = local(run, run.request.root());
        if (meta == null) {
            return false;
        }
        Local zip = null;
        try {
            if (run.request.companion() != null) {
                zip = local(run, run.request.companion());
                if (zip == null) {
                    return true;
                }
            }
            ValidationResult result;
            DocumentGroupValidator validator = DocumentGroupValidator.create();
            if (zip != null) {
                result = validator.validate(meta.path(), zip.path());
            } else if (isZip(meta.path())) {
                result = validator.validatePackage(meta.path());
            } else {
                result = validator.validate(meta.path());
            }
            run.documents += (meta.fetched() == null ? 1 : 0) + (zip != null && zip.fetched() == null ? 1 : 0);
            if (result.group() != null) {
                run.entries += result.group().documents().size();
            }
            run.tally.addAll(result.findings(), meta.name());
            return true;
        } catch (XmlDocumentException e) {
            run.unreadable(e, meta.name());
            return false;
        } catch (LexsyncException e) {
            run.tally.error(ARCHIVE, zip != null ? zip.name() : meta.name(), 0, 0, null, e.getMessage());
            return zip != null;
        } finally {
            meta.close();
            if (zip != null) {
                zip.close();
            }
        }
    }

    /** A local copy of a file or URL; {@code fetched} ones are deleted on close. */
    private record Local(Path path, String name, CheckRun.Fetched fetched) implements AutoCloseable {
        @Override
        public void close() {
            if (fetched != null) {
                fetched.close();
            }
        }
    }

    private static Local local(CheckRun run, String text) {
        String t = text.strip();
        if (t.startsWith("http://") || t.startsWith("https://")) {
            Optional<URI> uri = run.rootUri(t);
            if (uri.isEmpty()) {
                return null;
            }
            Optional<CheckRun.Fetched> f = run.document(uri.get(), null);
            return f.map(x -> new Local(x.body(), t, x)).orElse(null);
        }
        Path p = Path.of(t);
        if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
            run.tally.error(CheckRun.FETCH, t, 0, 0, null, "no readable file " + t);
            return null;
        }
        return new Local(p, t, null);
    }

    private static boolean isZip(Path p) {
        try (var in = Files.newInputStream(p)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
