package org.lexsync.core.documentgroup;

import java.time.Instant;
import java.util.List;

/**
 * The MetaInfo XML of an EUCases document group (D2.1 §3.2, Appendix I): a ZIP package holding the files
 * of one compound legal document (main text, annexes, images), described by a {@code documentgroup}
 * element with one {@code document} element per file. Values are kept as written; a component the reader
 * could not make sense of is null and the reader reported a finding for it.
 *
 * @param date       when the crawler downloaded the group (a UTC instant, §3.2)
 * @param crawler    identifier of the crawler, e.g. {@code UKCaseLawDownloadSupremecourt}
 * @param lang       ISO 639 language code, e.g. {@code EN}
 * @param format     MIME type of the package, in practice {@code application/zip}
 * @param filename   file name of the package
 * @param identifier the group's GUID, unique across all crawlers
 * @param operation  what happened to the group since the crawler's last run
 * @param type       legislation or case law
 * @param documents  the files of the group, in document order
 */
public record DocumentGroup(Instant date, String crawler, String lang, String format, String filename,
                            String identifier, Operation operation, GroupType type, List<Document> documents) {

    /** The target namespace of the Appendix I schema. */
    public static final String NAMESPACE = "xsdDocumentgroup";

    public DocumentGroup {
        documents = List.copyOf(documents);
    }
}
