package org.lexsync.core.documentgroup;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLStreamConstants;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.core.zip.ZipArchive;
import org.lexsync.core.zip.ZipArchiveEntry;
import org.lexsync.core.zip.ZipArchiveException;
import org.lexsync.core.zip.ZipEntryReader;

/**
 * Finds the MetaInfo XML inside a crawler's package (D2.1 §3.3.1: the zip group "contains an XML
 * description"): the one {@code .xml} entry whose root element is a {@code documentgroup}. The spec names
 * no entry, so the root decides; an XML document of the group has another root. Entries are read through the
 * ZIP gate; one whose name could escape the package is not a candidate (the archive check reports it).
 */
final class PackagedMetaInfo {
    private PackagedMetaInfo() {
    }

    /** The MetaInfo's entry. */
    static ZipArchiveEntry find(ZipArchive zip, XmlLimits limits) {
        List<ZipArchiveEntry> found = new ArrayList<>(1);
        List<String> unreadable = new ArrayList<>();
        try (ZipEntryReader reader = zip.reader()) {
            for (ZipArchiveEntry e : zip.entries()) {
                if (!e.isDirectory() && e.unsafeName() == null && e.name().toLowerCase(Locale.ROOT).endsWith(".xml")
                        && isDocumentGroup(reader, zip.name(), e, limits, unreadable)) {
                    found.add(e);
                }
            }
        } catch (ZipArchiveException e) {
            throw ArchiveErrors.of(e);
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.NO_METAINFO, zip.name(), null,
                    "no .xml entry with a documentgroup root" + (unreadable.isEmpty() ? ""
                            : "; unreadable: " + String.join("; ", unreadable)), null);
        }
        throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.SEVERAL_METAINFOS, zip.name(),
                null, "documentgroup roots in " + found.stream().map(ZipArchiveEntry::name).toList(), null);
    }

    static String documentName(String archive, String entry) {
        return archive + "!/" + entry;
    }

    /**
     * True when the entry's root is a documentgroup. Entries that cannot be read as XML are not the
     * MetaInfo (a group's own XML files may well carry a DOCTYPE); why is noted for the error message. An
     * entry the gate refuses refuses the package.
     */
    private static boolean isDocumentGroup(ZipEntryReader reader, String archive, ZipArchiveEntry e, XmlLimits limits,
                                           List<String> unreadable) {
        try (InputStream in = reader.stream(e);
             SafeXmlReader r = XmlInput.open(in, documentName(archive, e.name()), limits)) {
            return r.nextTag() == XMLStreamConstants.START_ELEMENT
                    && DocumentGroupReader.ROOT.equals(r.getLocalName())
                    && (r.getNamespaceURI() == null || r.getNamespaceURI().isEmpty()
                    || DocumentGroup.NAMESPACE.equals(r.getNamespaceURI()));
        } catch (XmlDocumentException x) {
            ZipArchiveException refused = ArchiveErrors.cause(x);
            if (refused != null) {
                throw refused;
            }
            if (unreadable.size() < 10) {
                unreadable.add(e.name() + ": " + x.reason().description());
            }
            return false;
        } catch (java.io.IOException x) {
            ZipArchiveException refused = ArchiveErrors.cause(x);
            if (refused != null) {
                throw refused;
            }
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.IO, archive, e.name(),
                    String.valueOf(x.getMessage()), x);
        }
    }
}
