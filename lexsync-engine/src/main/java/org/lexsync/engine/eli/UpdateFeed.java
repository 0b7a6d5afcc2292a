package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.atom.Link;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.uri.LenientUris;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * The ELI update Atom feed as read once per run (ELI Pillar IV §3.3, annex §4.1 steps 3 and 4): one
 * candidate per ELI (its newest {@code updated}), oldest first, and the oldest date the feed reaches back
 * to. The document is validated with the {@link AtomValidator.Profile#ELI_UPDATE_FEED} profile (§3.3.2:
 * header, urn: id, entry link and id being the ELI). Entries are kept as (ELI, date) pairs only; a feed
 * holds about 60 days of updates, so this stays small.
 *
 * <p>Read as publishers write it: a paged or archived feed (RFC 5005) is followed back as far as needed; an
 * entry's ELI is its id or its alternate link (see {@code eli(Entry, Findings)}), percent-encoded like a Sitemap {@code loc};
 * an entry without a usable {@code updated} takes its {@code published}, else it is fetched undated (first,
 * carrying no checkpoint). An ELI listed several times counts once, with its newest date.
 */
record UpdateFeed(URI url, List<Candidate> oldestFirst, W3cDateTime oldest, Findings findings) {
    static final String ACCEPT = "application/atom+xml, application/xml;q=0.9, */*;q=0.1";
    /** Upper bound on distinct ELIs taken from one feed document. */
    static final int MAX_ENTRIES = 2_000_000;
    /** Upper bound on the documents of a paged or archived feed read in one run. */
    static final int MAX_PAGES = 100;
    static final String PAGING_RULE = "eli:3.3.2/paged-feed";

    UpdateFeed {
        oldestFirst = List.copyOf(oldestFirst);
    }

    /** {@link #read(URI, SourceReader, W3cDateTime)} of the feed's first document and every older page. */
    static UpdateFeed read(URI url, SourceReader fetch) {
        return read(url, fetch, null);
    }

    /**
     * Reads the feed. A feed split into pages (RFC 5005 §3 {@code next}) or archives (RFC 5005 §4
     * {@code prev-archive}) is followed to older documents while they may hold updates after
     * {@code reachBackTo} (all of them when it is null), at most {@value #MAX_PAGES} documents, each read
     * once; §3.3.2 asks for 60 days of history in "the feed", and some publishers page it.
     *
     * @throws SourceUnreadableException when the feed cannot be fetched or is not an Atom feed
     */
    static UpdateFeed read(URI url, SourceReader fetch, W3cDateTime reachBackTo) {
        Pages pages = new Pages();
        Findings findings = new Findings();
        URI page = url;
        Set<String> seen = new HashSet<>();
        seen.add(url.toString());
        for (int n = 1; page != null; n++) {
            URI older = readPage(page, n == 1, fetch, pages, findings);
            if (older == null) {
                break;
            }
            if (reachBackTo != null && pages.oldest != null && pages.oldest.compareTo(reachBackTo) <= 0) {
                break;
            }
            if (!seen.add(older.toString())) {
                findings.warning(PAGING_RULE, "the feed's pages lead back to " + older + ", already read; paging stops",
                        0, 0);
                break;
            }
            if (n == MAX_PAGES) {
                findings.warning(PAGING_RULE, String.format(Locale.ROOT, "more than %d feed pages; %s and older are"
                        + " not read", MAX_PAGES, older), 0, 0);
                break;
            }
            page = older;
        }
        if (pages.read > 1) {
            findings.info(PAGING_RULE, String.format(Locale.ROOT, "the update feed is paged (RFC 5005); %d documents"
                    + " read", pages.read), 0, 0);
        }
        List<Candidate> list = new ArrayList<>(pages.newest.size() + pages.undated.size());
        pages.newest.forEach((eli, t) -> list.add(new Candidate(eli, t)));
        list.sort(Comparator.comparing(Candidate::modified).thenComparing(Candidate::eli));
        // undated entries first: they carry no checkpoint past any dated one
        List<Candidate> undated = new ArrayList<>();
        for (String eli : new java.util.TreeSet<>(pages.undated)) {
            if (!pages.newest.containsKey(eli)) {
                undated.add(new Candidate(eli, null));
            }
        }
        list.addAll(0, undated);
        return new UpdateFeed(url, list, pages.oldest, findings);
    }

    /** What the documents read so far gave: the newest date per ELI, the oldest date met. */
    private static final class Pages {
        final Map<String, W3cDateTime> newest = new HashMap<>();
        final Set<String> undated = new HashSet<>();
        W3cDateTime oldest;
        int read;
    }

    /** Reads one feed document into {@code pages}; returns the next older document's URL, or null. */
    private static URI readPage(URI url, boolean first, SourceReader fetch, Pages pages, Findings findings) {
        FetchResult.Fetched f;
        try {
            f = fetch.get(url, ACCEPT);
        } catch (SourceUnreadableException e) {
            if (first) {
                throw e;
            }
            // an older page missing: what was read stands; the oldest date tells the caller how far it reaches
            findings.error(PAGING_RULE, "an older page of the feed could not be read: " + e.getMessage(), 0, 0);
            return null;
        }
        pages.read++;
        try (InputStream in = Files.newInputStream(f.body());
             AtomReader reader = AtomReader.open(in, f.finalUrl().toString())) {
            AtomValidator validator = new AtomValidator(AtomValidator.Profile.ELI_UPDATE_FEED);
            validator.header(reader.feed());
            Findings own = new Findings();
            while (reader.hasNext()) {
                FeedItem item = reader.next();
                validator.item(item);
                if (item instanceof DeletedEntry d) {
                    own.warning("eli:3.3.2/deleted-entry", "the ELI update feed does not define deletions; "
                            + "at:deleted-entry " + d.ref() + " is ignored", d.line(), d.column());
                    continue;
                }
                Entry e = (Entry) item;
                String eli = eli(e, own);
                if (eli == null) {
                    continue;
                }
                W3cDateTime t = date(e, eli, own);
                if (t == null) {
                    // listed as updated but undated: still fetched (never lost), kept without a date
                    pages.undated.add(eli);
                } else {
                    if (pages.oldest == null || t.compareTo(pages.oldest) < 0) {
                        pages.oldest = t;
                    }
                    pages.newest.merge(eli, t, (a, b) -> a.compareTo(b) >= 0 ? a : b);
                }
                if (pages.newest.size() > MAX_ENTRIES) {
                    throw new SourceUnreadableException(url, f.status(), String.format(Locale.ROOT,
                            "more than %,d distinct ELIs in the update feed", MAX_ENTRIES));
                }
            }
            AtomFeed trailer = reader.trailer();
            validator.header(trailer);
            findings.addAll(reader.findings());
            findings.addAll(validator.finish());
            findings.addAll(own);
            return older(reader.feed(), trailer);
        } catch (XmlDocumentException e) {
            if (!first) {
                findings.error(PAGING_RULE, "an older page of the feed is not a readable Atom feed: " + e.getMessage(),
                        e.line(), e.column());
                return null;
            }
            throw new SourceUnreadableException(url, f.status(), "not a readable Atom feed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            TempFiles.deleteQuietly(f.body());
        }
    }

    /**
     * The entry's date (§3.3.2 "updated: MUST be the date of publication or last update"): {@code atom:updated},
     * else {@code atom:published} (a feed reader's fallback, reported), else null (reported).
     */
    private static W3cDateTime date(Entry e, String eli, Findings own) {
        if (e.updated() != null && e.updated().ok()) {
            W3cDateTime t = e.updated().value();
            if (!EliCheckpoint.plausible(t)) {
                own.warning("eli:3.3.2/entry-updated-future", String.format(Locale.ROOT, "entry %s is updated %s, in"
                        + " the future; kept for the ELI, not used as the checkpoint", eli, t), e.line(), e.column());
            }
            return t;
        }
        String why = e.updated() == null ? "no atom:updated" : "atom:updated '" + e.updated().raw() + "' is no date";
        if (e.published() != null && e.published().ok()) {
            own.error("eli:3.3.2/entry-updated", String.format(Locale.ROOT, "entry %s has %s; its atom:published %s"
                    + " is taken instead", eli, why, e.published().value()), e.line(), e.column());
            return e.published().value();
        }
        own.error("eli:3.3.2/entry-updated", String.format(Locale.ROOT, "entry %s has %s; it is fetched and kept"
                + " without a date", eli, why), e.line(), e.column());
        return null;
    }

    /** RFC 5005: the next (older) page, else the previous archive; only http(s). */
    private static URI older(AtomFeed header, AtomFeed trailer) {
        for (AtomFeed h : new AtomFeed[] {header, trailer}) {
            if (h == null) {
                continue;
            }
            Link l = h.links().nextPage().or(() -> h.links().prevArchive()).orElse(null);
            if (l != null && isHttp(l.href())) {
                return LenientUris.httpUri(l.href());
            }
        }
        return null;
    }

    /**
     * §3.3.2: id and link MUST both be the ELI. When they differ, the entry's ELI is the id if it is an http URI
     * that the links agree with (equal, or the resource of an expression link such as {@code <id>/eng}), else
     * the first http {@code alternate} link (the address §4.1 dereferences; an http id that is no ELI, such
     * as a CMS entry URL, is common), else the http id; a URN id needs the link.
     */
    private static String eli(Entry e, Findings own) {
        String id = e.id() == null ? null : e.id().strip();
        String link = null;
        boolean agrees = false;
        for (Link l : e.links().all()) {
            if (!l.is("alternate") || !isHttp(l.href())) {
                continue;
            }
            String href = l.href().strip();
            if (link == null) {
                link = href;
            }
            if (id != null && (href.equals(id) || href.startsWith(id) && href.length() > id.length()
                    && href.charAt(id.length()) == '/')) {
                agrees = true;
            }
        }
        String eli = null;
        if (isHttp(id) && (link == null || agrees)) {
            eli = id;
        } else if (link != null) {
            if (isHttp(id)) {
                own.warning("eli:3.3.2/entry-eli", String.format(Locale.ROOT, "entry id %s and its link %s name"
                        + " different resources; the link is taken as the ELI", id, link), e.line(), e.column());
            }
            eli = link;
        }
        URI fetchable = LenientUris.httpUri(eli);
        String uri = fetchable == null ? null : fetchable.toString();
        if (uri == null) {
            own.error("eli:3.3.2/entry-eli", String.format(Locale.ROOT, "entry names no ELI (neither its id nor its"
                    + " link is an http(s) URL%s); it is skipped", eli == null ? "" : ": '" + eli + "'"), e.line(),
                    e.column());
        }
        return uri;
    }

    private static boolean isHttp(String s) {
        if (s == null) {
            return false;
        }
        String l = s.toLowerCase(Locale.ROOT);
        return l.startsWith("http://") || l.startsWith("https://");
    }
}
