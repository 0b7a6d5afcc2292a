package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.sitemap.SitemapValidator;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.harvest.UriSet;

/**
 * Streams the legal resources of an ELI Sitemap (ELI Pillar IV §3.2, annex §4.1 step 2a): a single
 * {@code <urlset>}, or a Sitemap Index whose Sitemaps are fetched one at a time (plain or gzipped), each
 * document checked by the {@link SitemapValidator} plus the ELI rule that every entry has a {@code lastmod}
 * (§3.2.2 "Provide 'loc' and 'lastmod'"). Only the Sitemap URLs of an index are held, never the entries.
 * Findings go to {@code sink} per document when that document is finished.
 *
 * <p>Read as real publishers write them: an index listing another index (sitemaps.org does not allow it) is
 * followed with a finding, down to {@value #MAX_INDEX_DEPTH} levels, and a Sitemap listed twice (or an index
 * listing itself) is read once; a {@code loc} is repaired by {@link LocRepair} (relative, unencoded). A listed
 * Sitemap that cannot be fetched or read does not stop the walk: it is recorded in {@link #failures()} and the
 * other Sitemaps are still read, so that the caller can apply them but must not claim a complete baseline.
 * Only the root document failing makes the source unreadable.
 */
final class SitemapWalk implements Iterator<Candidate> {
    static final String ACCEPT = "application/xml, text/xml;q=0.9, */*;q=0.1";
    static final String LASTMOD_RULE = "eli:3.2.2/lastmod";
    static final String NESTED_INDEX_RULE = "eli:3.2.2/nested-index";
    static final String REPEATED_SITEMAP_RULE = "eli:3.2.2/sitemap-repeated";
    static final String INDEX_DEPTH_RULE = "eli:3.2.2/index-depth";
    static final String RELATIVE_LOC_RULE = LocRepair.RELATIVE_RULE;
    static final String LOC_ENCODING_RULE = LocRepair.ENCODING_RULE;
    static final String SITEMAP_UNREADABLE_RULE = "eli:4.1/sitemap-unreadable";
    static final String REPEATED_ELI_RULE = "eli:3.2.2/eli-repeated";
    static final String FUTURE_LASTMOD_RULE = "eli:3.2.2/lastmod-future";
    static final String AMPERSAND_RULE = "sitemaps:escaping/ampersand";
    /**
     * Sitemaps one walk reads at most (two full levels of sitemaps.org indexes, 50,000 x 50,000 URLs, would
     * hold billions of ELIs; a publisher listing more is broken or hostile), so that the URLs queued stay small.
     */
    static final int MAX_SITEMAPS = 100_000;
    static final String SITEMAP_COUNT_RULE = "eli:3.2.2/too-many-sitemaps";
    /** Index levels followed below the root (the root index is level 0, its Sitemaps level 1). */
    static final int MAX_INDEX_DEPTH = 3;

    /** A listed Sitemap that could not be read: the baseline from this walk is not complete. */
    record Failure(URI sitemap, int status, String message) {
    }

    private final SourceReader fetch;
    private final BiConsumer<URI, Findings> sink;
    private final ArrayDeque<Listed> sitemaps = new ArrayDeque<>();
    private final Set<String> listed = new HashSet<>();
    private final List<Failure> failures = new ArrayList<>();
    private final UriSet repeats = new UriSet();
    /** Entries taken from {@link #current} so far (to skip them when it is read again repaired). */
    private long currentRead;
    private Open current;
    private Candidate next;
    private W3cDateTime newest;
    private long entries;
    private final java.util.function.LongConsumer size;

    /** A Sitemap (or nested index) to read, with its index level. */
    private record Listed(URI url, int depth) {
    }

    /** One Sitemap being read; {@code base} is its URL after redirects, for relative {@code loc}s. */
    private record Open(URI url, URI base, int depth, java.nio.file.Path body, SitemapReader reader,
                        SitemapValidator validator, LocRepair repair, AmpersandRepair amp) {
    }

    /**
     * Reads the root document now (so that an unreadable Sitemap fails before anything is planned).
     *
     * @throws SourceUnreadableException when the Sitemap (Index) cannot be fetched or is not a Sitemap
     */
    SitemapWalk(URI root, SourceReader fetch, BiConsumer<URI, Findings> sink) {
        this(root, fetch, sink, n -> { });
    }

    /**
     * As {@link #SitemapWalk(URI, SourceReader, BiConsumer)}; {@code size} is told how many ELIs the walk will
     * have yielded once the Sitemap being opened is read (the entries so far plus that Sitemap's), as soon as
     * it is downloaded, for progress.
     */
    SitemapWalk(URI root, SourceReader fetch, BiConsumer<URI, Findings> sink, java.util.function.LongConsumer size) {
        this.fetch = fetch;
        this.sink = sink;
        this.size = size;
        listed.add(root.toString());
        Open first = open(root, 0);
        if (first.reader().header().isIndex()) {
            readIndex(first, 0);
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

    /** The ELIs yielded so far, each once (after a whole walk: every ELI of the Sitemap, for §4.1 step 5). */
    UriSet elis() {
        return repeats;
    }

    /** Listed Sitemaps that could not be read (empty when the walk saw every Sitemap it was pointed to). */
    List<Failure> failures() {
        return List.copyOf(failures);
    }

    @Override
    public boolean hasNext() {
        while (next == null) {
            if (current == null) {
                if (sitemaps.isEmpty()) {
                    return false;
                }
                Listed l = sitemaps.poll();
                try {
                    current = open(l.url(), l.depth());
                    currentRead = 0;
                } catch (SourceUnreadableException e) {
                    fail(l.url(), e.status(), e.getMessage(),
                            e.getCause() instanceof XmlDocumentException x ? x : null);
                    continue;
                }
                if (current.reader().header().isIndex()) {
                    Open index = current;
                    current = null;
                    readIndex(index, 0);
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
                currentRead++;
                current.validator().entry(e);
                if (e.lastmod() == null) {
                    current.validator().findings().error(LASTMOD_RULE, String.format(Locale.ROOT,
                            "entry %s has no valid <lastmod>; an ELI Sitemap MUST give one", e.loc()), e.line(),
                            e.column());
                }
                URI eli = current.repair().eli(e);
                if (eli == null) {
                    continue;
                }
                String key = eli.toString();
                if (!repeats.add(key)) {
                    // listed before in this walk: fetched once (the first listing's date is kept; a later, newer
                    // date reaches the store through the update feed or the next resync)
                    current.validator().findings().warning(REPEATED_ELI_RULE, String.format(Locale.ROOT,
                            "%s is listed more than once in the Sitemap(s); it is harvested once", key), e.line(),
                            e.column());
                    continue;
                }
                entries++;
                if (e.lastmod() != null && (newest == null || e.lastmod().compareTo(newest) > 0)) {
                    if (EliCheckpoint.plausible(e.lastmod())) {
                        newest = e.lastmod();
                    } else {
                        current.validator().findings().warning(FUTURE_LASTMOD_RULE, String.format(Locale.ROOT,
                                "<lastmod> %s of %s lies in the future; kept for the ELI, not used as the checkpoint",
                                e.lastmod(), key), e.line(), e.column());
                    }
                }
                next = new Candidate(key, e.lastmod());
            } catch (XmlDocumentException ex) {
                Open broken = current;
                current = null;
                Open again = reopenRepaired(broken, ex, currentRead);
                if (again != null) {
                    current = again;
                    continue;
                }
                broken.validator().findings().error("eli:3.2.2/sitemap-readable", ex.getMessage(), ex.line(),
                        ex.column());
                finish(broken);
                if (broken.depth() == 0) {
                    throw new SourceUnreadableException(broken.url(), 200, "not a readable Sitemap: " + ex.getMessage(),
                            ex);
                }
                failures.add(new Failure(broken.url(), 200, "not a readable Sitemap: " + ex.getMessage()));
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

    /** Queues the Sitemaps an index lists (an index is small: at most 50,000 URLs, sitemaps.org). */
    private void readIndex(Open index, long alreadyRead) {
        Findings f = index.validator().findings();
        if (index.depth() > 0 && index.amp() == null) {
            f.warning(NESTED_INDEX_RULE, String.format(Locale.ROOT, "a Sitemap Index lists this Sitemap Index (level"
                    + " %d); sitemaps.org allows only Sitemaps there. Its Sitemaps are read all the same",
                    index.depth()), index.reader().header().line(), index.reader().header().column());
        }
        long read = alreadyRead;
        try {
            while (index.reader().hasNext()) {
                SitemapEntry e = index.reader().next();
                read++;
                index.validator().entry(e);
                URI child = index.repair().eli(e);
                if (child == null) {
                    continue;
                }
                if (!listed.add(child.toString())) {
                    f.warning(REPEATED_SITEMAP_RULE, String.format(Locale.ROOT,
                            "%s is listed again (or is this index itself); it is read once", child), e.line(), e.column());
                    continue;
                }
                if (listed.size() > MAX_SITEMAPS) {
                    f.error(SITEMAP_COUNT_RULE, String.format(Locale.ROOT, "more than %,d Sitemaps listed; %s and"
                            + " the rest are not read, and the baseline is not complete", MAX_SITEMAPS, child),
                            e.line(), e.column());
                    failures.add(new Failure(child, 0, String.format(Locale.ROOT,
                            "more than %,d Sitemaps listed; not read", MAX_SITEMAPS)));
                    break;
                }
                if (index.depth() + 1 > MAX_INDEX_DEPTH) {
                    f.error(INDEX_DEPTH_RULE, String.format(Locale.ROOT, "%s lies more than %d Sitemap Index levels"
                            + " deep; it is not read, and the baseline is not complete", child, MAX_INDEX_DEPTH),
                            e.line(), e.column());
                    failures.add(new Failure(child, 0, String.format(Locale.ROOT,
                            "nested more than %d Sitemap Index levels deep; not read", MAX_INDEX_DEPTH)));
                    continue;
                }
                sitemaps.add(new Listed(child, index.depth() + 1));
            }
        } catch (XmlDocumentException ex) {
            Open again = reopenRepaired(index, ex, read);
            if (again != null) {
                readIndex(again, read);
                return;
            }
            f.error("eli:3.2.2/sitemap-readable", ex.getMessage(), ex.line(), ex.column());
            finish(index);
            if (index.depth() == 0) {
                throw new SourceUnreadableException(index.url(), 200, "not a readable Sitemap Index: "
                        + ex.getMessage(), ex);
            }
            failures.add(new Failure(index.url(), 200, "not a readable Sitemap Index: " + ex.getMessage()));
            return;
        }
        finish(index);
    }

    /**
     * After the parser stopped in {@code broken}: when the document is malformed and has not been repaired yet,
     * reads it again from the downloaded file through {@link AmpersandRepair} (a bare {@code &} in a URL is
     * the usual cause), skipping the {@code read} entries already taken; null when that cannot help.
     */
    private Open reopenRepaired(Open broken, XmlDocumentException ex, long read) {
        if (broken.amp() != null || ex.reason() != XmlDocumentException.Reason.MALFORMED
                && ex.reason() != XmlDocumentException.Reason.ENTITY_FORBIDDEN) {
            return null;
        }
        broken.reader().close();
        AmpersandRepair amp;
        SitemapReader reader;
        try {
            amp = new AmpersandRepair(XmlInput.decode(Files.newInputStream(broken.body()), broken.url().toString(),
                    XmlLimits.DEFAULT));
            reader = SitemapReader.open(amp, broken.url().toString());
            reader.header();
            for (long i = 0; i < read; i++) {
                reader.next();
            }
        } catch (XmlDocumentException | IOException | java.util.NoSuchElementException again) {
            return null;
        }
        broken.validator().findings().warning(AMPERSAND_RULE, String.format(Locale.ROOT, "malformed XML at line %d,"
                + " column %d (%s): read again with every bare '&' escaped as &amp;, as XML and sitemaps.org"
                + " ('Entity escaping') require", ex.line(), ex.column(),
                ex.detail() == null ? "no detail" : ex.detail()), ex.line(), ex.column());
        return new Open(broken.url(), broken.base(), broken.depth(), broken.body(), reader, broken.validator(),
                broken.repair(), amp);
    }

    /** A listed Sitemap that could not be fetched or opened: reported, the walk goes on with the others. */
    private void fail(URI url, int status, String message, XmlDocumentException cause) {
        Findings f = new Findings();
        f.error(SITEMAP_UNREADABLE_RULE, message + "; the other Sitemaps are read, but the baseline is not complete",
                cause == null ? 0 : cause.line(), cause == null ? 0 : cause.column());
        sink.accept(url, f);
        failures.add(new Failure(url, status, message));
    }

    private Open open(URI url, int depth) {
        FetchResult.Fetched f = fetch.get(url, ACCEPT);
        try {
            InputStream in = Files.newInputStream(f.body());
            SitemapReader reader = SitemapReader.open(in, url.toString());
            // sitemaps.org "Sitemap file location" is where the Sitemap is served from, after redirects
            SitemapValidator validator = new SitemapValidator(f.finalUrl());
            validator.header(reader.header());
            if (!reader.header().isIndex()) {
                size.accept(entries + countEntries(f.body(), url));
            }
            return new Open(url, f.finalUrl(), depth, f.body(), reader, validator,
                    new LocRepair(f.finalUrl(), validator.findings()), null);
        } catch (XmlDocumentException e) {
            TempFiles.deleteQuietly(f.body());
            throw new SourceUnreadableException(url, f.status(), "not a readable Sitemap: " + e.getMessage(), e);
        } catch (IOException e) {
            TempFiles.deleteQuietly(f.body());
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of a downloaded Sitemap, read once more on their own (a Sitemap holds at most 50,000). */
    private static long countEntries(java.nio.file.Path body, URI url) {
        long n = 0;
        try (InputStream in = Files.newInputStream(body); SitemapReader r = SitemapReader.open(in, url.toString())) {
            while (r.hasNext()) {
                r.next();
                n++;
            }
        } catch (IOException | RuntimeException e) {
            // only an estimate for progress: the real read reports what is wrong with the document
        }
        return n;
    }

    private void finish(Open o) {
        Findings findings = o.validator().finish(-1);
        findings.addAll(o.reader().findings());
        o.reader().close();
        TempFiles.deleteQuietly(o.body());
        sink.accept(o.url(), findings);
    }
}
