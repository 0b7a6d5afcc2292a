package org.lexsync.bench.parse;

import java.io.ByteArrayInputStream;
import java.net.URI;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapReader;

/**
 * Reads whole documents through LexSync's full model (every entry materialised as a record, as a planner
 * would consume it) and returns the entry count, for the parse benchmarks and the heap check.
 */
final class ModelReaders {
    private ModelReaders() {
    }

    static int sitemapEntries(byte[] bytes, URI document) {
        int count = 0;
        try (SitemapReader r = SitemapReader.open(new ByteArrayInputStream(bytes), document.toString())) {
            r.header();
            while (r.hasNext()) {
                SitemapEntry e = r.next();
                if (e.loc() != null) {
                    count++;
                }
            }
        }
        return count;
    }

    static int atomItems(byte[] bytes, String document) {
        int count = 0;
        try (AtomReader r = AtomReader.open(new ByteArrayInputStream(bytes), document)) {
            r.feed();
            while (r.hasNext()) {
                if (r.next() != null) {
                    count++;
                }
            }
        }
        return count;
    }
}
