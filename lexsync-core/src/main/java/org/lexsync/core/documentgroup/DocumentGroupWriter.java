package org.lexsync.core.documentgroup;

import java.io.OutputStream;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.lexsync.core.xml.XmlWriter;

/**
 * Writes the EUCases document group MetaInfo XML (D2.1 §3.2, Appendix I): elements in the Appendix I
 * target namespace, attributes in schema order, the date in the §3.2 form {@code yyyy-MM-ddTHH:mm:ss}
 * (UTC, no zone designator; fractional seconds only when the instant has them). Null components are left
 * out, so a group read from a broken document is written back as broken as it was.
 */
public final class DocumentGroupWriter {
    private DocumentGroupWriter() {
    }

    /** Writes {@code group} as UTF-8 XML to {@code out} (which stays open). */
    public static void write(DocumentGroup group, OutputStream out) {
        String ns = DocumentGroup.NAMESPACE;
        try (XmlWriter w = XmlWriter.open(out)) {
            w.startDocument();
            w.start("", DocumentGroupReader.ROOT, ns).namespace("", ns)
                    .attribute("date", format(group.date()))
                    .attribute("crawler", group.crawler())
                    .attribute("lang", group.lang())
                    .attribute("format", group.format())
                    .attribute("filename", group.filename())
                    .attribute("identifier", group.identifier())
                    .attribute("operation", group.operation() == null ? null : group.operation().token())
                    .attribute("type", group.type() == null ? null : group.type().code());
            for (Document d : group.documents()) {
                w.start("", DocumentGroupReader.DOCUMENT, ns)
                        .attribute("format", d.format())
                        .attribute("file", d.file())
                        .attribute("identifier", d.identifier())
                        .attribute("operation", d.operation() == null ? null : d.operation().token())
                        .attribute("url", d.url())
                        .attribute("md5", d.md5())
                        .end();
            }
            w.end();
        }
    }

    /** The §3.2 date form: {@code 2013-11-21T09:50:39}, in UTC. */
    static String format(Instant date) {
        return date == null ? null
                : DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(LocalDateTime.ofInstant(date, ZoneOffset.UTC));
    }
}
