package org.lexsync.core.inspect;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.CountingInputStream;
import org.lexsync.core.sitemap.ChangeType;
import org.lexsync.core.sitemap.RootKind;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.sitemap.SitemapValidator;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/** Streams a Sitemap or ResourceSync document through the reader and validator, counting as it goes. */
final class SitemapInspection {
    private SitemapInspection() {
    }

    static Inspection inspect(Path file, String document, XmlLimits limits, URI documentUri) {
        // Counted after gzip decoding: the sitemaps.org 50 MB limit is on the uncompressed document.
        InputStream in = XmlInput.decode(RootElement.open(file, document), document, limits);
        CountingInputStream counted = new CountingInputStream(in);
        try (SitemapReader r = SitemapReader.open(counted, document, limits)) {
            SitemapHeader header = r.header();
            SitemapValidator validator = new SitemapValidator(documentUri);
            validator.header(header);
            Map<String, Long> counts = new LinkedHashMap<>();
            long entries = 0;
            while (r.hasNext()) {
                SitemapEntry e = r.next();
                validator.entry(e);
                entries++;
                ChangeType change = e.change();
                if (change != null) {
                    counts.merge(change.name().toLowerCase(Locale.ROOT), 1L, Long::sum);
                }
                if (e.md() != null && e.md().capability() != null && header.kind() == RootKind.URLSET) {
                    counts.merge(e.md().capability(), 1L, Long::sum);
                }
            }
            Findings findings = new Findings();
            findings.addAll(r.findings());
            findings.addAll(validator.finish(counted.count()));
            return new Inspection(document, kind(header), entries, counts, attributes(header), findings);
        }
    }

    private static String kind(SitemapHeader header) {
        boolean index = header.kind() == RootKind.SITEMAPINDEX;
        RsMetadata md = header.md();
        if (md == null || md.capability() == null) {
            return index ? "sitemap index" : "sitemap";
        }
        return "resourcesync " + md.capability() + (index ? " index" : "");
    }

    private static Map<String, String> attributes(SitemapHeader header) {
        Map<String, String> a = new LinkedHashMap<>();
        RsMetadata md = header.md();
        if (md != null) {
            Inspector.put(a, "at", md.at());
            Inspector.put(a, "completed", md.completed());
            Inspector.put(a, "from", md.from());
            Inspector.put(a, "until", md.until());
        }
        header.links().forEach(l -> Inspector.put(a, "link " + l.rel(), l.href()));
        return a;
    }
}
