package org.lexsync.engine.check;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.util.function.BiConsumer;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.CountingInputStream;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.sitemap.SitemapSchemas;
import org.lexsync.core.sitemap.SitemapValidator;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/**
 * Streams one Sitemap or ResourceSync document through the harvesters' reader ({@link SitemapReader}) and the core
 * {@link SitemapValidator} (sitemaps.org protocol; ResourceSync §7, Appendix A), handing each entry to the caller
 * and its findings to the tally; the uncompressed size is counted for the 50 MB limit. Memory stays constant.
 */
final class SitemapDocument {
    private SitemapDocument() {
    }

    /**
     * Reads {@code f}; {@code entries} gets the header and each entry (until the entry limit).
     *
     * @throws XmlDocumentException when the document cannot be read at all
     */
    static SitemapHeader read(CheckRun run, CheckRun.Fetched f, BiConsumer<SitemapHeader, SitemapEntry> entries) {
        return read(run, f, false, entries);
    }

    /**
     * {@link #read(CheckRun, CheckRun.Fetched, BiConsumer)}, then, when {@code schema} is true, validates the whole
     * document against the Sitemap and ResourceSync schemas ({@link SitemapSchemas}) in a second streaming pass.
     */
    static SitemapHeader read(CheckRun run, CheckRun.Fetched f, boolean schema,
                              BiConsumer<SitemapHeader, SitemapEntry> entries) {
        SitemapHeader header = stream(run, f, entries);
        if (schema) {
            String document = f.url().toString();
            Findings findings = new Findings();
            try (InputStream in = Files.newInputStream(f.body())) {
                SitemapSchemas.validate(in, document, header.kind(), findings);
            } catch (IOException e) {
                throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
            }
            run.tally.addAll(findings, document);
        }
        return header;
    }

    private static SitemapHeader stream(CheckRun run, CheckRun.Fetched f,
                                        BiConsumer<SitemapHeader, SitemapEntry> entries) {
        String document = f.url().toString();
        try (InputStream raw = Files.newInputStream(f.body())) {
            CountingInputStream counted = new CountingInputStream(XmlInput.decode(raw, document, XmlLimits.DEFAULT));
            try (SitemapReader r = SitemapReader.open(counted, document, XmlLimits.DEFAULT)) {
                SitemapHeader header = r.header();
                SitemapValidator validator = new SitemapValidator(URI.create(document));
                validator.header(header);
                while (r.hasNext() && !run.full()) {
                    SitemapEntry e = r.next();
                    run.entry();
                    validator.entry(e);
                    entries.accept(header, e);
                }
                boolean complete = !r.hasNext();
                run.tally.addAll(r.findings(), document);
                run.tally.addAll(validator.finish(complete ? counted.count() : -1), document);
                return header;
            }
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }
}
