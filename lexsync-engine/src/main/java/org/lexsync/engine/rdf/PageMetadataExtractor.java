package org.lexsync.engine.rdf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import org.apache.jena.graph.Graph;
import org.apache.jena.sparql.graph.GraphFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;

/**
 * Extracts the ELI metadata embedded in a Pillar III web page (ELI Pillar IV §3.2.2 "Provide
 * dereferenceable ELI URIs", annex §4.1 step 2c): the page's RDFa 1.1 and every JSON-LD script block,
 * merged into one graph. HTML is parsed leniently with jsoup, as browsers do; RDFa is processed by semargl
 * fed from jsoup's DOM ({@link RdfaBridge}), JSON-LD by Jena RIOT with remote contexts never fetched.
 * No I/O happens beyond reading the given stream. Instances are immutable and thread-safe. Findings carry
 * source lines and columns when they are warnings or errors (informational ones may carry 0).
 */
public final class PageMetadataExtractor {
    /** Default upper bound on the page size in bytes. */
    public static final int DEFAULT_MAX_PAGE_BYTES = 16 * 1024 * 1024;
    /** Default upper bound on one JSON-LD block in characters. */
    public static final int DEFAULT_MAX_JSON_LD_CHARS = 2 * 1024 * 1024;

    private final int maxPageBytes;
    private final int maxJsonLdChars;

    public PageMetadataExtractor() {
        this(DEFAULT_MAX_PAGE_BYTES, DEFAULT_MAX_JSON_LD_CHARS);
    }

    public PageMetadataExtractor(int maxPageBytes, int maxJsonLdChars) {
        if (maxPageBytes <= 0 || maxJsonLdChars <= 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "limits must be positive, were maxPageBytes=%d maxJsonLdChars=%d", maxPageBytes, maxJsonLdChars));
        }
        this.maxPageBytes = maxPageBytes;
        this.maxJsonLdChars = maxJsonLdChars;
    }

    /**
     * Reads the page from {@code html} (not closed here).
     *
     * @param pageUrl     the URL the page was finally served from, after redirects: the base of relative IRIs
     *                    unless the page has a {@code <base href>}
     * @param charsetHint the charset of the HTTP {@code Content-Type}, or null to detect it (BOM, meta
     *                    charset, else UTF-8)
     */
    public ExtractedMetadata extract(InputStream html, URI pageUrl, Charset charsetHint) {
        Objects.requireNonNull(html, "html");
        Objects.requireNonNull(pageUrl, "pageUrl");
        byte[] bytes;
        try {
            bytes = html.readNBytes(maxPageBytes + 1);
        } catch (IOException e) {
            throw new MetadataExtractionException(pageUrl.toString(), "the page could not be read: " + e.getMessage(), e);
        }
        if (bytes.length > maxPageBytes) {
            throw new MetadataExtractionException(pageUrl.toString(), String.format(Locale.ROOT,
                    "the page is larger than the limit of %d bytes", maxPageBytes), null);
        }
        return extract(bytes, pageUrl, charsetHint);
    }

    /** As {@link #extract(InputStream, URI, Charset)}, for a page already in memory. */
    public ExtractedMetadata extract(byte[] html, URI pageUrl, Charset charsetHint) {
        Objects.requireNonNull(html, "html");
        Objects.requireNonNull(pageUrl, "pageUrl");
        if (html.length > maxPageBytes) {
            throw new MetadataExtractionException(pageUrl.toString(), String.format(Locale.ROOT,
                    "the page is larger than the limit of %d bytes", maxPageBytes), null);
        }
        if (!pageUrl.isAbsolute()) {
            throw new IllegalArgumentException("the page URL must be absolute, was " + pageUrl);
        }
        ExtractedMetadata fast = run(html, pageUrl, charsetHint, false);
        if (fast.findings().count(Severity.ERROR) + fast.findings().count(Severity.WARNING) == 0) {
            return fast;
        }
        // source positions cost a quarter of the parse: only a page with problems is parsed again to place them
        return run(html, pageUrl, charsetHint, true);
    }

    private ExtractedMetadata run(byte[] html, URI pageUrl, Charset charsetHint, boolean trackPositions) {
        Parser parser = Parser.htmlParser().setTrackPosition(trackPositions);
        Document page;
        try {
            if (charsetHint == null && Utf8Prescan.settlesOnUtf8(html)) {
                // what jsoup's detection would decide, without its trial parse of the first 5 KB; decoding the
                // whole array at once (malformed bytes replaced, as jsoup's reader does) is also faster
                page = Jsoup.parse(new String(html, StandardCharsets.UTF_8), pageUrl.toString(), parser);
            } else {
                page = Jsoup.parse(new ByteArrayInputStream(html), charsetHint == null ? null : charsetHint.name(),
                        pageUrl.toString(), parser);
            }
        } catch (IOException e) {
            throw new MetadataExtractionException(pageUrl.toString(), "the page could not be decoded: " + e.getMessage(), e);
        }
        // jsoup has already moved the document base to an absolute <base href> when the page has one
        String base = page.baseUri().isEmpty() ? pageUrl.toString() : page.baseUri();
        Findings findings = new Findings();
        Graph graph = GraphFactory.createDefaultGraph();
        ElementPosition position = new ElementPosition(pageUrl.toString());
        JenaTripleSink sink = new JenaTripleSink(graph, findings, position);
        RdfaBridge.extract(page, pageUrl.toString(), sink, position, findings);
        int jsonLd = JsonLdBlocks.extract(page, base, graph, findings, maxJsonLdChars);
        return new ExtractedMetadata(graph, base, sink.added(), jsonLd, findings);
    }
}
