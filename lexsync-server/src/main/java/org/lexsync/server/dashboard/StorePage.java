package org.lexsync.server.dashboard;

import org.lexsync.engine.model.StoreStatistics;

/** The store at {@code /store}: journal rows, resources, blob count and bytes, last journal sequence number. */
final class StorePage {
    private StorePage() {
    }

    static String render(StoreStatistics s, long lastSeq, int sources) {
        Html h = new Html();
        h.raw("<h1>Store</h1><dl id=\"store\">");
        h.raw("<dt>sources</dt><dd>").text(Formats.count(sources)).raw("</dd>");
        h.raw("<dt>journal rows</dt><dd id=\"journal-rows\">").text(Formats.count(s.journalRows())).raw("</dd>");
        h.raw("<dt>last sequence number</dt><dd>").text(Formats.count(lastSeq)).raw("</dd>");
        h.raw("<dt>resources</dt><dd id=\"resources\">").text(Formats.count(s.resources())).raw("</dd>");
        h.raw("<dt>blobs</dt><dd id=\"blobs\">").text(Formats.count(s.blobs())).raw("</dd>");
        h.raw("<dt>blob bytes</dt><dd id=\"blob-bytes\">").text(Formats.bytes(s.blobBytes())).raw(" (")
                .text(Formats.count(s.blobBytes())).raw(" bytes)</dd></dl>");
        return Layout.page("Store", "/store", h);
    }
}
