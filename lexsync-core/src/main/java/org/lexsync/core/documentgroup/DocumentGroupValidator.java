package org.lexsync.core.documentgroup;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.SchemaTee;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.core.zip.ZipArchive;
import org.lexsync.core.zip.ZipArchiveEntry;
import org.lexsync.core.zip.ZipArchiveException;
import org.lexsync.core.zip.ZipEntryReader;

/**
 * Checks a document group the way the EUCases crawler web service does before storing it (D2.1 §3.2,
 * "Service workflow"): the MetaInfo XML against the Appendix I schema (findings
 * {@code eucases:appendix-I/xsd} with line and column), the rules §3.2 and §3.3.1 state in prose
 * ({@code eucases:3.2/...}), and, given the ZIP package (beside the MetaInfo as the service receives it, or
 * holding it as crawlers store it), its "Zip validation" and each file's MD5. Packages are opened only
 * through the ZIP gate ({@link ZipArchive}), within {@link ArchiveLimits}.
 * Thread-safe; create once (the schema is compiled on creation) and share.
 */
public final class DocumentGroupValidator {
    private static final String SCHEMA_RULES = "eucases:appendix-I/";
    private static final String NAMESPACE_RULE = "eucases:appendix-I/namespace";

    private final SchemaCheck schema;
    private final XmlLimits limits;
    private final ArchiveLimits archiveLimits;

    private DocumentGroupValidator(XmlLimits limits, ArchiveLimits archiveLimits) {
        this.schema = SchemaCheck.load();
        this.limits = limits;
        this.archiveLimits = archiveLimits;
    }

    /** A validator with {@link XmlLimits#DEFAULT} and {@link ArchiveLimits#DEFAULT}. */
    public static DocumentGroupValidator create() {
        return new DocumentGroupValidator(XmlLimits.DEFAULT, ArchiveLimits.DEFAULT);
    }

    public static DocumentGroupValidator create(XmlLimits limits, ArchiveLimits archiveLimits) {
        return new DocumentGroupValidator(limits, archiveLimits);
    }

    /**
     * Validates a MetaInfo XML held in memory (the service receives it as a string; it is small).
     *
     * @throws XmlDocumentException when the XML is malformed, hostile, or not a documentgroup
     */
    public ValidationResult validate(byte[] metaInfo, String document) {
        return validate(() -> new ByteArrayInputStream(metaInfo), document);
    }

    /** Validates a MetaInfo XML file. */
    public ValidationResult validate(Path metaInfo) {
        return validate(() -> Files.newInputStream(metaInfo), metaInfo.toString());
    }

    /**
     * Validates a MetaInfo XML and the ZIP package it describes, read once from {@code zip} (which is closed)
     * into a temp file, as the gate reads the central directory at the end of the package.
     *
     * @throws DocumentGroupArchiveException when the package is corrupt or beyond the archive limits
     */
    public ValidationResult validate(byte[] metaInfo, String document, InputStream zip, String archive) {
        Checked c = check(() -> new ByteArrayInputStream(metaInfo), document);
        Path file = spool(zip, archive);
        try {
            ArchiveCheck.check(c.read, file, archive, archiveLimits, c.findings);
        } finally {
            TempFiles.deleteQuietly(file);
        }
        return new ValidationResult(c.read.group(), c.findings);
    }

    /** Validates a MetaInfo XML file and its ZIP package file. */
    public ValidationResult validate(Path metaInfo, Path zip) {
        Checked c = check(() -> Files.newInputStream(metaInfo), metaInfo.toString());
        ArchiveCheck.check(c.read, zip, zip.toString(), archiveLimits, c.findings);
        return new ValidationResult(c.read.group(), c.findings);
    }

    /**
     * Validates a crawler's package that carries its own MetaInfo (§3.3.1): the one {@code .xml} entry
     * whose root is a {@code documentgroup} is the MetaInfo (findings name it {@code package.zip!/entry}),
     * every other entry is checked against it.
     *
     * @throws DocumentGroupArchiveException when the package is corrupt, beyond the archive limits, or has
     *                                       no or several MetaInfo entries
     */
    public ValidationResult validatePackage(Path zip) {
        String archive = zip.toString();
        ZipArchive file;
        try {
            file = ZipArchive.open(zip, archive, archiveLimits.zip());
        } catch (ZipArchiveException e) {
            throw ArchiveErrors.of(e);
        }
        try (file; ZipEntryReader reader = file.reader()) {
            ZipArchiveEntry entry = PackagedMetaInfo.find(file, limits);
            Checked c;
            try {
                c = check(() -> reader.stream(entry), PackagedMetaInfo.documentName(archive, entry.name()));
            } catch (XmlDocumentException x) {
                ZipArchiveException refused = ArchiveErrors.cause(x);
                throw refused != null ? ArchiveErrors.of(refused) : x;
            } catch (ZipArchiveException e) {
                throw ArchiveErrors.of(e);
            }
            ArchiveCheck.check(c.read, file, entry.name(), c.findings);
            return new ValidationResult(c.read.group(), c.findings);
        }
    }

    /**
     * Copies a package given as a stream to a temp file, at most as many bytes as the archive limits let it
     * expand to (plus room for its headers).
     */
    private Path spool(InputStream zip, String archive) {
        long max = archiveLimits.maxExpandedBytes() + 1024L * archiveLimits.maxEntries();
        Path file = null;
        try (InputStream in = zip) {
            file = Files.createTempFile("lexsync-group-", ".zip");
            try (OutputStream out = Files.newOutputStream(file)) {
                byte[] buffer = new byte[64 << 10];
                long total = 0;
                for (int n; (n = in.read(buffer)) > 0; ) {
                    total += n;
                    if (total > max) {
                        throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.TOO_LARGE, archive,
                                null, "more than " + max + " bytes", null);
                    }
                    out.write(buffer, 0, n);
                }
            }
            return file;
        } catch (IOException e) {
            TempFiles.deleteQuietly(file);
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.IO, archive, null,
                    String.valueOf(e.getMessage()), e);
        } catch (RuntimeException e) {
            TempFiles.deleteQuietly(file);
            throw e;
        }
    }

    private ValidationResult validate(Source source, String document) {
        Checked c = check(source, document);
        return new ValidationResult(c.read.group(), c.findings);
    }

    private record Checked(ReadResult read, Findings findings) {
    }

    /**
     * Reads the group (which refuses hostile input first) and validates it against the schema from the events of
     * that one parse, then applies the prose rules. The reader's own findings on schema matters are dropped in
     * favour of the schema's, except its namespace findings: the schema check maps unqualified elements into the
     * namespace and so cannot see those. A MetaInfo the reader decodes with an encoding it does not declare is
     * validated by a second parse of its bytes, as the schema's own parser reads them (it refuses their bytes
     * where they are not UTF-8).
     */
    private Checked check(Source source, String document) {
        Findings findings = new Findings();
        ReadResult read;
        boolean teed;
        try (SafeXmlReader r = XmlInput.open(open(source, document), document, limits)) {
            teed = r.assumedEncoding() == null;
            SchemaTee tee = teed ? schema.tee(r, findings) : null;
            read = DocumentGroupReader.read(r, DocumentGroupReader.DEFAULT_MAX_DOCUMENTS);
            if (tee != null && !tee.done()) {
                throw new IllegalStateException("the MetaInfo reader stopped before the end of " + document);
            }
        }
        if (!teed) {
            schema.validate(open(source, document), document, limits, findings);
        }
        for (Finding f : read.findings()) {
            if (!f.rule().startsWith(SCHEMA_RULES) || f.rule().equals(NAMESPACE_RULE)) {
                findings.add(f);
            }
        }
        SemanticRules.check(read, findings);
        return new Checked(read, findings);
    }

    private static InputStream open(Source source, String document) {
        try {
            return source.open();
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Source {
        InputStream open() throws IOException;
    }
}
