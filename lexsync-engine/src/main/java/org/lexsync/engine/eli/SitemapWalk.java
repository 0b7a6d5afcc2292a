package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.function.BiConsumer;

import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.sitemap.SitemapValidator;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.harvest.SourceUnreadableException;

/**
 * Streams the legal resources of an ELI Sitemap (ELI Pillar IV §3.2, annex §4.1 step 2a): a single
 * {@code <urlset>}, or a Sitemap Index whose Sitemaps are fetched one at a time (plain or gzipped), each
 * document checked by the {@link SitemapValidator} plus the ELI rule that every entry has a {@code lastmod}
 * (§3.2.2 "Provide 'loc' and 'lastmod'"). Only the Sitemap URLs of an index are held, never the entries.
 * Findings go to {@code sink} per document when that document is finished.
 */
final class SitemapWalk implements Iterator<Candidate> {
    static final String ACCEPT = "application/xml, text/xml;q=0.9, */*;q=0.1";
    static final String LASTMOD_RULE = "eli:3.2.2/lastmod";

    private final SourceFetch fetch;
    private final BiConsumer<URI, Findings> sink;
    private final ArrayDeque<URI> sitemaps = new ArrayDeque<>();
    private Open current;
    private Candidate next;
    private W3cDateTime newest;
    private long entries;

    /** One Sitemap being read. */
    private record Open(URI url, java.nio.file.Path body, SitemapReader reader, SitemapValidator validator) {
    }

    /**
     * Reads the root document now (so that an unreadable Sitemap fails before anything is planned).
     *
     * @throws SourceUnreadableException when the Sitemap (Index) cannot be fetched or is not a Sitemap
     */
    SitemapWalk(URI root, SourceFetch fetch, BiConsumer<URI, Findings> sink) {
        this.fetch = fetch;
        this.sink = sink;
        Open first = open(root);
        SitemapHeader h = first.reader().header();
        if (h.isIndex()) {
            while (first.reader().hasNext()) {
                SitemapEntry e = first.reader().next();
                first.validator().entry(e);
                URI child = uri(e.loc());
                if (child != null) {
                    sitemaps.add(child);
                }
            }
            finish(first);
        } else {
            current = first;
        }
    }

    /** The newest {@code lastmod} met so far. */
    W3cDateTime newest() {
        return newest;
    }

    long entries() {
        return entries;
    }

    @Override
    public boolean hasNext() {
        while (next == null) {
            if (current == null) {
                if (sitemaps.isEmpty()) {
                    return false;
                }
                current = open(sitemaps.poll());
                if (current.reader().header().isIndex()) {
                    current.validator().findings().error("eli:3.2.2/nested-index", "a Sitemap Index lists another"
                            + " Sitemap Index; its entries are not followed", 0, 0);
                    finish(current);
                    current = null;
                }
                continue;
            }
            try {
                if (!current.reader().hasNext()) {
                    finish(current);
                    current = null;
                    continue;
                }
                SitemapEntry e = current.reader().next();
                current.validator().entry(e);
                if (e.lastmod() == null) {
                    current.validator().findings().error(LASTMOD_RULE, String.format(Locale.ROOT,
                            "entry %s has no valid <lastmod>; an ELI Sitemap MUST give one", e.loc()), e.line(),
                            e.column());
                }
                if (uri(e.loc()) == null) {
                    continue;
                }
                entries++;
                if (e.lastmod() != null && (newest == null || e.lastmod().compareTo(newest) > 0)) {
                    newest = e.lastmod();
                }
                next = new Candidate(e.loc(), e.lastmod());
            } catch (XmlDocumentException ex) {
                Open broken = current;
                current = null;
                broken.validator().findings().error("eli:3.2.2/sitemap-readable", ex.getMessage(), ex.line(),
                        ex.column());
                finish(broken);
                throw new SourceUnreadableException(broken.url(), 200, "not a readable Sitemap: " + ex.getMessage(), ex);
            }
        }
        return true;
    }

    @Override
    public Candidate next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Candidate c = next;
        next = null;
        return c;
    }

    /** Releases the document being read (when the walk is abandoned). */
    void close() {
        if (current != null) {
            current.reader().close();
            TempFiles.deleteQuietly(current.body());
            current = null;
        }
    }

    private Open open(URI url) {
        FetchResult.Fetched f = fetch.get(url, ACCEPT);
        try {
            InputStream in = Files.newInputStream(f.body());
            SitemapReader reader = SitemapReader.open(in, url.toString());
            SitemapValidator validator = new SitemapValidator(url);
            validator.header(reader.header());
            return new Open(url, f.body(), reader, validator);
        } catch (XmlDocumentException e) {
            TempFiles.deleteQuietly(f.body());
            throw new SourceUnreadableException(url, f.status(), "not a readable Sitemap: " + e.getMessage(), e);
        } catch (IOException e) {
            TempFiles.deleteQuietly(f.body());
            throw new UncheckedIOException(e);
        }
    }

    private void finish(Open o) {
        Findings findings = o.validator().finish(-1);
        findings.addAll(o.reader().findings());
        o.reader().close();
        TempFiles.deleteQuietly(o.body());
        sink.accept(o.url(), findings);
    }

    private static URI uri(String loc) {
        if (loc == null) {
            return null;
        }
        try {
            URI u = new URI(loc.strip());
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && u.getHost() != null ? u : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
