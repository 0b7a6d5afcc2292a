package org.lexsync.core.inspect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.namespace.QName;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/** Reads only as far as a document's root element, to decide which reader handles it. */
final class RootElement {
    private RootElement() {
    }

    static QName of(Path file, String document, XmlLimits limits) {
        InputStream in = open(file, document);
        try (SafeXmlReader r = XmlInput.open(in, document, limits)) {
            r.nextTag();
            return r.getName();
        }
    }

    static InputStream open(Path file, String document) {
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }
}
