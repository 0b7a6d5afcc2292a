package org.lexsync.core.documentgroup;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLStreamConstants;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/**
 * Finds the MetaInfo XML inside a crawler's package (D2.1 §3.3.1: the zip group "contains an XML
 * description"): the one {@code .xml} entry whose root element is a {@code documentgroup}. The spec names
 * no entry, so the root decides; an XML document of the group has another root.
 */
final class PackagedMetaInfo {
    private PackagedMetaInfo() {
    }

    static String find(ZipFile zip, String archive, XmlLimits limits, ArchiveLimits archiveLimits) {
        if (zip.size() > archiveLimits.maxEntries()) {
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.TOO_MANY_ENTRIES, archive,
                    null, "more than " + archiveLimits.maxEntries() + " entries", null);
        }
        List<String> found = new ArrayList<>(1);
        List<String> unreadable = new ArrayList<>();
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
            ZipEntry e = entries.nextElement();
            if (!e.isDirectory() && e.getName().toLowerCase(Locale.ROOT).endsWith(".xml")
                    && isDocumentGroup(zip, e, archive, limits, unreadable)) {
                found.add(e.getName());
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.NO_METAINFO, archive, null,
                    "no .xml entry with a documentgroup root" + (unreadable.isEmpty() ? ""
                            : "; unreadable: " + String.join("; ", unreadable)), null);
        }
        throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.SEVERAL_METAINFOS, archive, null,
                "documentgroup roots in " + found, null);
    }

    static String documentName(String archive, String entry) {
        return archive + "!/" + entry;
    }

    /**
     * True when the entry's root is a documentgroup. Entries that cannot be read as XML are not the
     * MetaInfo (a group's own XML files may well carry a DOCTYPE); why is noted for the error message.
     */
    private static boolean isDocumentGroup(ZipFile zip, ZipEntry e, String archive, XmlLimits limits,
                                           List<String> unreadable) {
        try (InputStream in = zip.getInputStream(e);
             SafeXmlReader r = XmlInput.open(in, documentName(archive, e.getName()), limits)) {
            return r.nextTag() == XMLStreamConstants.START_ELEMENT
                    && DocumentGroupReader.ROOT.equals(r.getLocalName())
                    && (r.getNamespaceURI() == null || r.getNamespaceURI().isEmpty()
                    || DocumentGroup.NAMESPACE.equals(r.getNamespaceURI()));
        } catch (XmlDocumentException x) {
            if (unreadable.size() < 10) {
                unreadable.add(e.getName() + ": " + x.reason().description());
            }
            return false;
        } catch (IOException x) {
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.IO, archive, e.getName(),
                    String.valueOf(x.getMessage()), x);
        }
    }
}
