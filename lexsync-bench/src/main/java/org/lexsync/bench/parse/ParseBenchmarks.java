package org.lexsync.bench.parse;

import com.ctc.wstx.stax.WstxInputFactory;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapParser;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URL;
import java.util.concurrent.TimeUnit;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parser throughput (issue 2): each benchmark reads one whole document and returns its entry count.
 * Divide the documents' entry counts (50,000 sitemap URLs, 50,000 change-list entries, 5,000 Atom
 * entries) by the time per operation for entries/s; {@code -prof gc} gives bytes allocated per operation.
 * The raw Woodstox event loop over the same bytes is the ceiling; crawler-commons' SiteMapParser is the
 * peer for sitemaps.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
public class ParseBenchmarks {
    public static final int SITEMAP_ENTRIES = 50_000;
    public static final int CHANGELIST_ENTRIES = 50_000;
    public static final int ATOM_ENTRIES = 5_000;

    byte[] sitemap;
    byte[] changeList;
    byte[] atom;
    private final XMLInputFactory raw = rawFactory();

    @Setup
    public void setUp() {
        sitemap = SampleDocuments.sitemap(SITEMAP_ENTRIES);
        changeList = SampleDocuments.changeList(CHANGELIST_ENTRIES);
        atom = SampleDocuments.atomFeed(ATOM_ENTRIES);
    }

    @Benchmark
    public int rawEventLoopSitemap() throws XMLStreamException {
        return rawLoop(sitemap, "url");
    }

    @Benchmark
    public int rawEventLoopChangeList() throws XMLStreamException {
        return rawLoop(changeList, "url");
    }

    @Benchmark
    public int rawEventLoopAtom() throws XMLStreamException {
        return rawLoop(atom, "entry");
    }

    @Benchmark
    public int crawlerCommonsSitemap() throws Exception {
        SiteMapParser parser = new SiteMapParser(false);
        AbstractSiteMap map = parser.parseSiteMap(sitemap, new URL("https://legal.example.org/sitemap.xml"));
        return ((SiteMap) map).getSiteMapUrls().size();
    }

    @Benchmark
    public int lexsyncSitemap() {
        return ModelReaders.sitemapEntries(sitemap, URI.create("https://legal.example.org/sitemap.xml"));
    }

    @Benchmark
    public int lexsyncChangeList() {
        return ModelReaders.sitemapEntries(changeList, URI.create("https://legal.example.org/rs/changelist.xml"));
    }

    @Benchmark
    public int lexsyncAtom() {
        return ModelReaders.atomItems(atom, "https://legal.example.org/feed/current.atom");
    }

    private int rawLoop(byte[] bytes, String entryName) throws XMLStreamException {
        XMLStreamReader r = raw.createXMLStreamReader(new ByteArrayInputStream(bytes));
        int count = 0;
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && entryName.equals(r.getLocalName())) {
                count++;
            }
        }
        r.close();
        return count;
    }

    private static XMLInputFactory rawFactory() {
        XMLInputFactory f = new WstxInputFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
    }
}
