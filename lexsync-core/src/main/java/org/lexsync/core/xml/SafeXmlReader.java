package org.lexsync.core.xml;

import com.ctc.wstx.exc.WstxLazyException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.lexsync.core.xml.XmlDocumentException.Reason;

/**
 * A StAX reader that refuses DOCTYPEs and turns every parse failure into an {@link XmlDocumentException}
 * (unchecked) with the document and position. Obtain one from {@link XmlInput#open}. Closing it closes
 * the underlying stream.
 */
public final class SafeXmlReader extends StreamReaderDelegate implements AutoCloseable {
    private final InputStream stream;
    private final String document;

    private final java.nio.charset.Charset assumedEncoding;
    /** Sees each event this reader's {@link #next()} returns, or null. */
    private Listener listener;

    /** What a {@link SchemaTee} hooks into: each event, as the reader stands on it. */
    interface Listener {
        void event(int event, SafeXmlReader reader);
    }

    SafeXmlReader(XMLStreamReader reader, InputStream stream, String document, java.nio.charset.Charset assumedEncoding) {
        super(reader);
        this.stream = stream;
        this.document = document;
        this.assumedEncoding = assumedEncoding;
    }

    /**
     * The encoding the document was read with although it does not name it (it is not UTF-8, as XML 1.0 §4.3.3
     * would make it); null when the document was read as it declares or as XML's defaults detect. Callers report it.
     */
    public java.nio.charset.Charset assumedEncoding() {
        return assumedEncoding;
    }

    /** The URL or path this reader reads. */
    public String document() {
        return document;
    }

    /** 1-based line of the current event. */
    public int line() {
        Location l = getLocation();
        return l == null ? 0 : l.getLineNumber();
    }

    /** 1-based column of the current event. */
    public int column() {
        Location l = getLocation();
        return l == null ? 0 : l.getColumnNumber();
    }

    @Override
    public int next() {
        try {
            int event = super.next();
            if (event == XMLStreamConstants.DTD) {
                throw new XmlDocumentException(Reason.DOCTYPE_FORBIDDEN, document, line(), column(), null);
            }
            if (event == XMLStreamConstants.ENTITY_REFERENCE) {
                throw new XmlDocumentException(Reason.ENTITY_FORBIDDEN, document, line(), column(), getLocalName());
            }
            if (listener != null) {
                listener.event(event, this);
            }
            return event;
        } catch (XMLStreamException e) {
            throw located(e);
        } catch (WstxLazyException e) {
            throw located(lazyCause(e));
        }
    }

    /**
     * Woodstox parses text lazily and reports limit violations found then (e.g. text too long) as an
     * unchecked {@link WstxLazyException}; translated here like every other failure.
     */
    @Override
    public String getText() {
        try {
            return super.getText();
        } catch (WstxLazyException e) {
            throw located(lazyCause(e));
        }
    }

    /** {@link #getText()}'s translation, for the characters without a copy. */
    @Override
    public char[] getTextCharacters() {
        try {
            return super.getTextCharacters();
        } catch (WstxLazyException e) {
            throw located(lazyCause(e));
        }
    }

    /** Hooks {@code l} into {@link #next()} (one listener; null unhooks). */
    void listen(Listener l) {
        this.listener = l;
    }

    /**
     * Where the current event ends (after a start tag's {@code >}, an end tag's {@code >}, a text's last character):
     * the position a SAX parser reports for the same event. Finishes a text the parser has read lazily.
     */
    Location endLocation() {
        if (getParent() instanceof org.codehaus.stax2.XMLStreamReader2 r2) {
            try {
                return r2.getLocationInfo().getEndLocation();
            } catch (XMLStreamException e) {
                throw located(e);
            } catch (WstxLazyException e) {
                throw located(lazyCause(e));
            }
        }
        return getLocation();
    }

    @Override
    public boolean hasNext() {
        try {
            return super.hasNext();
        } catch (XMLStreamException e) {
            throw translate(e, document);
        }
    }

    /** Advances to the next START_ELEMENT or END_ELEMENT, skipping everything else (text included). */
    @Override
    public int nextTag() {
        while (true) {
            int event = next();
            if (event == START_ELEMENT || event == END_ELEMENT) {
                return event;
            }
            if (event == END_DOCUMENT) {
                throw new XmlDocumentException(Reason.MALFORMED, document, line(), column(), "unexpected end of document");
            }
        }
    }

    /**
     * Reads the text content of the current element, skipping (not failing on) nested elements, and
     * leaves the reader on its END_ELEMENT. Unlike {@link XMLStreamReader#getElementText()} it tolerates
     * mixed content, which real publishers produce.
     */
    @Override
    public String getElementText() {
        StringBuilder text = null;
        String single = null;
        int depth = 0;
        while (true) {
            int event = next();
            switch (event) {
                case CHARACTERS, CDATA, SPACE -> {
                    if (depth == 0) {
                        String t = getText();
                        if (single == null && text == null) {
                            single = t;
                        } else {
                            if (text == null) {
                                text = new StringBuilder(single);
                            }
                            text.append(t);
                        }
                    }
                }
                case START_ELEMENT -> depth++;
                case END_ELEMENT -> {
                    if (depth == 0) {
                        return text != null ? text.toString() : single == null ? "" : single;
                    }
                    depth--;
                }
                case END_DOCUMENT -> throw new XmlDocumentException(Reason.MALFORMED, document, line(), column(),
                        "unexpected end of document");
                default -> {
                }
            }
        }
    }

    /** Skips the current element and everything inside it; leaves the reader on its END_ELEMENT. */
    public void skipElement() {
        int depth = 0;
        while (true) {
            int event = next();
            if (event == START_ELEMENT) {
                depth++;
            } else if (event == END_ELEMENT) {
                if (depth == 0) {
                    return;
                }
                depth--;
            } else if (event == END_DOCUMENT) {
                throw new XmlDocumentException(Reason.MALFORMED, document, line(), column(), "unexpected end of document");
            }
        }
    }

    /** The value of an attribute without namespace on the current element, or null. */
    public String attribute(String localName) {
        return getAttributeValue(null, localName);
    }

    @Override
    public void close() {
        try {
            super.close();
        } catch (XMLStreamException e) {
            // closing a reader that already failed; the stream is closed below
        } finally {
            try {
                stream.close();
            } catch (IOException e) {
                // nothing useful to do: all bytes were read or the read already failed
            }
        }
    }

    /** {@link #translate} with the reader's current position when the parser reported none. */
    private XmlDocumentException located(XMLStreamException e) {
        XmlDocumentException x = translate(e, document);
        if (x.line() > 0) {
            return x;
        }
        return new XmlDocumentException(x.reason(), document, line(), column(), x.detail(), e);
    }

    private static XMLStreamException lazyCause(WstxLazyException e) {
        return e.getCause() instanceof XMLStreamException x ? x : new XMLStreamException(e.getMessage(), e);
    }

    /** Maps a StAX failure onto a typed reason with the position the parser reported. */
    static XmlDocumentException translate(XMLStreamException e, String document) {
        Throwable cause = e.getCause();
        while (cause != null) {
            if (cause instanceof XmlDocumentException x) {
                return x;
            }
            cause = cause.getCause();
        }
        Location loc = e.getLocation();
        int line = loc == null ? 0 : Math.max(loc.getLineNumber(), 0);
        int column = loc == null ? 0 : Math.max(loc.getColumnNumber(), 0);
        String message = e.getMessage() == null ? "" : e.getMessage();
        String detail = message;
        int at = detail.indexOf("\n at [");
        if (at >= 0) {
            detail = detail.substring(0, at);
        }
        detail = detail.replace('\n', ' ').trim();
        return new XmlDocumentException(classify(message), document, line, column, detail, e);
    }

    private static Reason classify(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.contains("depth")) {
            return Reason.TOO_DEEP;
        }
        if (m.contains("attribute") && (m.contains("size") || m.contains("length") || m.contains("value"))
                && m.contains("limit")) {
            return Reason.ATTRIBUTE_TOO_LONG;
        }
        if (m.contains("attribute") && m.contains("limit")) {
            return Reason.TOO_MANY_ATTRIBUTES;
        }
        if ((m.contains("text") || m.contains("character")) && m.contains("limit")) {
            return Reason.TEXT_TOO_LONG;
        }
        if (m.contains("entity") || m.contains("entities")) {
            return Reason.ENTITY_FORBIDDEN;
        }
        if (m.contains("doctype") || m.contains("dtd")) {
            return Reason.DOCTYPE_FORBIDDEN;
        }
        return Reason.MALFORMED;
    }
}
