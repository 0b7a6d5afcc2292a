package org.lexsync.engine.rdf;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Range;
import org.xml.sax.Locator;

/**
 * Where in the HTML source the element being processed starts (jsoup tracks source positions), so that
 * RDFa findings carry a line and column. Also serves as the SAX {@link Locator} handed to semargl.
 */
final class ElementPosition implements Locator {
    private final String systemId;
    private int line;
    private int column;

    ElementPosition(String systemId) {
        this.systemId = systemId;
    }

    void moveTo(Element element) {
        Range.Position start = element.sourceRange().start();
        line = Math.max(start.lineNumber(), 0);
        column = Math.max(start.columnNumber(), 0);
    }

    void moveTo(int line, int column) {
        this.line = line;
        this.column = column;
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }

    @Override
    public String getPublicId() {
        return null;
    }

    @Override
    public String getSystemId() {
        return systemId;
    }

    @Override
    public int getLineNumber() {
        return line;
    }

    @Override
    public int getColumnNumber() {
        return column;
    }
}
