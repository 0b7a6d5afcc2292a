package org.lexsync.core.atom;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.uri.LenientUris;
import org.lexsync.core.xml.XmlElement;

/**
 * Streaming conformance checker for Atom feed documents: give it the header, then every item, then call
 * {@link #finish()}. It keeps a few counters, never the items. Rules cite their source: RFC 4287
 * ({@code atom:rfc4287-…}), RFC 5005, RFC 6721, the Swedish collection profile ({@code rinfo:…}, sections
 * of rinfo-atom-insamling) and the ELI update feed ({@code eli:3.3.2/…}). Where a spec only recommends
 * something the finding is a warning and its message says so.
 *
 * <p>Feed-level rules are judged in {@link #finish()} against the last header given, so a caller may pass
 * {@link AtomReader#trailer()} again before finishing (RFC 4287 allows feed metadata after entries).
 */
public final class AtomValidator {

    /** Which rule set applies on top of the Atom syntax rules. */
    public enum Profile {
        /** RFC 4287 with RFC 5005 and RFC 6721. */
        RFC4287,
        /** The Swedish legal information system's collection profile (rinfo-atom-insamling). */
        RINFO,
        /** The ELI 'Pillar IV' update feed (ELI spec §3.3). */
        ELI_UPDATE_FEED
    }

    private static final List<String> RDF_TYPES = List.of("application/rdf+xml", "text/turtle",
            "application/ld+json", "application/n-triples", "application/n-quads", "text/n3", "application/trig");

    private final Profile profile;
    private final Findings findings = new Findings();
    private AtomFeed header = AtomFeed.NONE;
    private long entries;
    private long entriesWithoutAuthor;
    private int firstWithoutAuthorLine;
    private int firstWithoutAuthorColumn;
    private AtomDate newest;
    private int newestLine;
    private int newestColumn;
    private AtomDate previous;
    private boolean rising;
    private boolean falling;

    public AtomValidator(Profile profile) {
        this.profile = Objects.requireNonNull(profile, "profile");
    }

    /** Reads the whole document and returns the reader's findings followed by this profile's. */
    public static Findings validate(AtomReader reader, Profile profile) {
        AtomValidator v = new AtomValidator(profile);
        v.header(reader.feed());
        while (reader.hasNext()) {
            v.item(reader.next());
        }
        v.header(reader.trailer());
        Findings all = new Findings();
        all.addAll(reader.findings());
        all.addAll(v.finish());
        return all;
    }

    /** The feed header ({@link AtomFeed#NONE} for a standalone entry document); may be given again. */
    public AtomValidator header(AtomFeed feed) {
        this.header = Objects.requireNonNull(feed, "feed");
        return this;
    }

    public AtomValidator item(FeedItem item) {
        switch (item) {
            case Entry e -> entry(e);
            case DeletedEntry d -> deleted(d);
        }
        AtomDate t = item.timestamp();
        if (t != null && t.ok()) {
            if (newest == null || newest.isBefore(t)) {
                newest = t;
                newestLine = item.line();
                newestColumn = item.column();
            }
            order(t);
        }
        return this;
    }

    /** Applies the feed-level rules and returns all findings; call once, after the last item. */
    public Findings finish() {
        if (header == AtomFeed.NONE) {
            if (entriesWithoutAuthor > 0) {
                findings.error("atom:rfc4287-4.1.2/author", "entry document whose entry has no atom:author",
                        firstWithoutAuthorLine, firstWithoutAuthorColumn);
            }
            return findings;
        }
        feedRules();
        switch (profile) {
            case RINFO -> rinfoFeedRules();
            case ELI_UPDATE_FEED -> eliFeedRules();
            case RFC4287 -> {
            }
        }
        return findings;
    }

    // ---- feed ----

    private void feedRules() {
        AtomFeed f = header;
        int line = f.line();
        int col = f.column();
        if (blank(f.id())) {
            findings.error("atom:rfc4287-4.1.1/id", "feed without atom:id", line, col);
        }
        if (f.title() == null) {
            findings.error("atom:rfc4287-4.1.1/title", "feed without atom:title", line, col);
        }
        if (f.updated() == null) {
            findings.error("atom:rfc4287-4.1.1/updated", "feed without atom:updated", line, col);
        } else {
            date("updated", f.updated(), line, col);
        }
        if (f.authors().isEmpty() && entriesWithoutAuthor > 0) {
            findings.error("atom:rfc4287-4.1.1/author", String.format(Locale.ROOT,
                    "feed has no atom:author and %d of %d entries have none either (§4.1.1, §4.1.2)",
                    entriesWithoutAuthor, entries), firstWithoutAuthorLine, firstWithoutAuthorColumn);
        }
        for (Person p : f.authors()) {
            person(p, line, col);
        }
        boolean archiveLinks = f.links().prevArchive().isPresent() || f.links().nextArchive().isPresent();
        if (f.complete() && (f.archive() || archiveLinks)) {
            String msg = "fh:complete together with " + (f.archive() ? "fh:archive" : "archive links")
                    + ": a complete feed is one document, an archive is a part of a feed";
            if (profile == Profile.RINFO) {
                findings.error("rinfo:6/complete-and-archive", msg + " (rinfo §6: cannot be combined)", line, col);
            } else {
                findings.warning("atom:rfc5005-2/complete-and-archive", msg + " (RFC 5005 §2, §4)", line, col);
            }
        }
        if (!f.archive() && looksLikeArchive(f)) {
            String msg = "document links to a newer archive or to the current feed but has no fh:archive";
            if (profile == Profile.RINFO) {
                findings.error("rinfo:6/fh-archive", msg + " (archives per RFC 5005 §4 are required, rinfo §6)",
                        line, col);
            } else {
                findings.warning("atom:rfc5005-4/fh-archive", msg + " (RFC 5005 §4)", line, col);
            }
        }
        if (rising && falling && profile != Profile.RINFO) {
            findings.info("atom:rfc4287-4.1.1/entry-order", "entries are not ordered by atom:updated (RFC 4287 "
                    + "gives entry order no significance; informational)", line, col);
        }
    }

    /** An archive document links onwards to newer archives or back to the subscription document (RFC 5005 §4). */
    private static boolean looksLikeArchive(AtomFeed f) {
        if (f.links().nextArchive().isPresent()) {
            return true;
        }
        String current = f.links().href("current");
        return current != null && !current.equals(f.links().href("self"));
    }

    private void rinfoFeedRules() {
        AtomFeed f = header;
        boolean email = false;
        for (Person p : f.authors()) {
            email |= !blank(p.email());
        }
        if (!email) {
            findings.error("rinfo:3.1.4/author-email", "feed author without atom:email: the collector reports "
                    + "collection errors to it (rinfo §3.1.4)", f.line(), f.column());
        }
        if (f.links().self().isEmpty()) {
            findings.warning("rinfo:3.1.5/self", "recommended: link rel=\"self\" with the document's address",
                    f.line(), f.column());
        }
        if (newest != null && f.updated() != null && f.updated().ok() && f.updated().isBefore(newest)) {
            findings.error("rinfo:3.1.3/feed-updated", "an item (" + newest.raw() + ") is newer than the feed's "
                    + "atom:updated (" + f.updated().raw() + "), which must give when the document last changed",
                    newestLine, newestColumn);
        }
    }

    private void eliFeedRules() {
        AtomFeed f = header;
        if (f.links().self().isEmpty()) {
            findings.error("eli:3.3.2/self", "feed without link rel=\"self\"", f.line(), f.column());
        }
        boolean named = false;
        for (Person p : f.authors()) {
            named |= !blank(p.name());
        }
        if (!named) {
            findings.error("eli:3.3.2/author-name", "feed without atom:author/atom:name", f.line(), f.column());
        }
        if (!blank(f.id())) {
            String expected = expectedEliFeedId(f.links().href("self"));
            boolean ok = expected != null ? expected.equals(f.id())
                    : f.id().startsWith("urn:") && f.id().endsWith(":eli:eli-update-feed");
            if (!ok) {
                findings.warning("eli:3.3.2/feed-id", "recommended feed id form is "
                        + (expected != null ? expected : "urn:<domain-with-hyphens>:eli:eli-update-feed")
                        + ", found " + f.id(), f.line(), f.column());
            }
        }
        if (newest != null && f.updated() != null && f.updated().ok()) {
            if (f.updated().isBefore(newest)) {
                findings.error("eli:3.3.2/feed-updated", "an entry (" + newest.raw() + ") is newer than the "
                        + "feed's atom:updated (" + f.updated().raw() + ")", newestLine, newestColumn);
            } else if (newest.isBefore(f.updated())) {
                findings.warning("eli:3.3.2/feed-updated", "feed atom:updated " + f.updated().raw()
                        + " is not the date of the most recent entry (" + newest.raw() + ")", f.line(), f.column());
            }
        }
    }

    /** ELI §3.3.2: "urn:" + the feed's domain with dots replaced by hyphens + ":eli:eli-update-feed". */
    private static String expectedEliFeedId(String selfHref) {
        if (selfHref == null) {
            return null;
        }
        URI u = Bases.of(selfHref);
        if (u == null || u.getHost() == null) {
            return null;
        }
        return "urn:" + u.getHost().toLowerCase(Locale.ROOT).replace('.', '-') + ":eli:eli-update-feed";
    }

    // ---- items ----

    private void entry(Entry e) {
        entries++;
        int line = e.line();
        int col = e.column();
        if (blank(e.id())) {
            findings.error("atom:rfc4287-4.1.2/id", "entry without atom:id", line, col);
        }
        if (e.title() == null) {
            findings.error("atom:rfc4287-4.1.2/title", "entry without atom:title", line, col);
        }
        if (e.updated() == null) {
            findings.error("atom:rfc4287-4.1.2/updated", "entry without atom:updated", line, col);
        } else {
            date("updated", e.updated(), line, col);
        }
        if (e.published() != null) {
            date("published", e.published(), line, col);
        }
        if (e.authors().isEmpty() && !sourceHasAuthor(e)) {
            if (entriesWithoutAuthor++ == 0) {
                firstWithoutAuthorLine = line;
                firstWithoutAuthorColumn = col;
            }
        }
        for (Person p : e.authors()) {
            person(p, line, col);
        }
        Content c = e.content();
        if (c != null && c.outOfLine() && e.summary() == null) {
            findings.error("atom:rfc4287-4.1.2/summary", "entry with content@src but no atom:summary", line, col);
        }
        if (c == null && e.links().alternate().isEmpty()) {
            findings.error("atom:rfc4287-4.1.2/alternate", "entry without atom:content needs a link "
                    + "rel=\"alternate\"", line, col);
        }
        if (e.updated() != null && e.published() != null && e.updated().isBefore(e.published())) {
            if (profile == Profile.RINFO) {
                findings.error("rinfo:4.1/updated-after-published", "atom:updated " + e.updated().raw()
                        + " is earlier than atom:published " + e.published().raw(), line, col);
            } else {
                findings.warning("atom:rfc4287-4.2.9/published-after-updated", "best practice: atom:published "
                        + e.published().raw() + " (first availability) is later than atom:updated "
                        + e.updated().raw(), line, col);
            }
        }
        switch (profile) {
            case RINFO -> rinfoEntry(e);
            case ELI_UPDATE_FEED -> eliEntry(e);
            case RFC4287 -> {
            }
        }
    }

    private static boolean sourceHasAuthor(Entry e) {
        XmlElement source = e.foreign(AtomNs.ATOM, "source");
        return source != null && source.child(AtomNs.ATOM, "author") != null;
    }

    private void rinfoEntry(Entry e) {
        int line = e.line();
        int col = e.column();
        if (e.published() == null) {
            findings.error("rinfo:4.1/published", "entry without atom:published (required by rinfo §3.3.2, §4.1)",
                    line, col);
        }
        boolean rdf = false;
        Content c = e.content();
        if (c != null) {
            rdf = isRdf(c.type());
            if (c.outOfLine()) {
                linked("content@src", c.src(), c.type(), null, c.digests(), true, line, col);
            } else {
                findings.warning("rinfo:3.3.4/content-inline", "atom:content without src (inline "
                        + (c.type() == null ? "text" : c.type()) + "): not a primary representation, which rinfo"
                        + " §3.3.4 links with content@src; the inline text is not collected as a file", line, col);
            }
        }
        for (Link l : e.links().all()) {
            boolean alternate = l.is("alternate");
            if (alternate || l.is("enclosure")) {
                rdf |= alternate && isRdf(l.type());
                linked("link rel=\"" + l.relOrDefault() + "\"", l.href(), l.type(), l.length(), l.digests(), false,
                        line, col);
                if (l.is("enclosure") && l.isFormatOf() == null) {
                    findings.warning("rinfo:3.3.7/is-format-of", "enclosure " + l.href()
                            + " without dct:isFormatOf naming the attachment", line, col);
                }
            }
        }
        if (c == null) {
            if (rdf) {
                findings.warning("rinfo:3.3.4/content", "entry without atom:content: tolerated only while RDF "
                        + "metadata is linked (rinfo §3.3.4)", line, col);
            } else {
                findings.error("rinfo:3.3.4/content", "entry without atom:content (primary representation)",
                        line, col);
            }
        }
        if (!rdf) {
            findings.error("rinfo:3.3.5/rdf", "no RDF metadata linked in atom:content or a link rel=\"alternate\"",
                    line, col);
        }
    }

    /** rinfo §3.3.6: every linked document carries size, media type and an MD5 checksum. */
    private void linked(String what, String href, String type, Long length, Digests digests,
                        boolean content, int line, int col) {
        if (href != null && Bases.absolute(href) && !httpUrl(href)) {
            findings.error("rinfo:3.3.6/href", what + " '" + href + "' is not an http(s) URL: the document cannot"
                    + " be collected", line, col);
        } else if (href != null && !LenientUris.encode(href).equals(href)) {
            findings.warning("atom:rfc4287-2/iri", what + " '" + href + "' holds characters a URI does not allow;"
                    + " fetched percent-encoded as UTF-8 (RFC 3987 §3.1)", line, col);
        }
        Digest md5 = digests.known().get(HashAlgorithm.MD5);
        if (md5 == null) {
            findings.error("rinfo:3.3.6/md5", what + " " + href + " without an md5 checksum (hash=\"md5:…\" or "
                    + "le:md5)", line, col);
        } else if (!md5.wellFormed()) {
            findings.error("rinfo:3.3.6/md5-format", what + " " + href + ": md5 '" + md5.hex()
                    + "' is not 32 hex digits", line, col);
        }
        if (blank(type)) {
            findings.warning("rinfo:3.3.6/type", what + " " + href + " without a media type", line, col);
        }
        if (!content && length == null) {
            findings.warning("rinfo:3.3.6/length", what + " " + href + " without length", line, col);
        }
    }

    private static boolean httpUrl(String href) {
        return href != null && (href.regionMatches(true, 0, "http://", 0, 7)
                || href.regionMatches(true, 0, "https://", 0, 8));
    }

    private void eliEntry(Entry e) {
        int line = e.line();
        int col = e.column();
        if (e.links().isEmpty()) {
            findings.error("eli:3.3.2/entry-link", "entry without a link to the ELI of the legal resource",
                    line, col);
        } else if (!blank(e.id())) {
            boolean same = false;
            for (Link l : e.links().all()) {
                same |= e.id().equals(l.href());
            }
            if (!same) {
                findings.error("eli:3.3.2/entry-link", "no link href equals the entry id " + e.id()
                        + " (both must be the ELI)", line, col);
            }
        }
        if (!blank(e.id()) && !(e.id().startsWith("http://") || e.id().startsWith("https://"))) {
            findings.warning("eli:3.3.2/entry-id", "entry id " + e.id() + " is not an HTTP URI, so it cannot be an "
                    + "ELI", line, col);
        }
    }

    private void deleted(DeletedEntry d) {
        if (blank(d.ref())) {
            findings.error("atom:rfc6721-2/ref", "at:deleted-entry without ref", d.line(), d.column());
        }
        if (d.when() == null) {
            findings.error("atom:rfc6721-2/when", "at:deleted-entry without when", d.line(), d.column());
        } else {
            date("when", d.when(), d.line(), d.column());
        }
    }

    // ---- shared ----

    private void order(AtomDate t) {
        if (previous != null) {
            if (previous.isBefore(t)) {
                rising = true;
            } else if (t.isBefore(previous)) {
                falling = true;
            }
        }
        previous = t;
    }

    /** RFC 4287 §3.3: RFC 3339 date-time, upper-case T and Z, offsets with a colon. */
    private void date(String name, AtomDate d, int line, int col) {
        if (!d.ok()) {
            findings.error("atom:rfc4287-3.3/date", name + " is not a date: " + d.error(), line, col);
            return;
        }
        if (!d.fullPrecision()) {
            findings.error("atom:rfc4287-3.3/date", name + " '" + d.raw() + "' lacks a full time of day "
                    + "(RFC 3339 date-time)", line, col);
        }
        for (Deviation dev : d.deviations()) {
            findings.warning("atom:rfc4287-3.3/date-format", name + " '" + d.raw() + "': " + dev.description(),
                    line, col);
        }
    }

    /** RFC 4287 §3.2.1: a Person construct MUST have atom:name. */
    private void person(Person p, int line, int col) {
        if (blank(p.name())) {
            findings.error("atom:rfc4287-3.2.1/name", "atom:author without atom:name", line, col);
        }
    }

    private static boolean isRdf(String type) {
        if (type == null) {
            return false;
        }
        String t = type.toLowerCase(Locale.ROOT);
        int semi = t.indexOf(';');
        return RDF_TYPES.contains((semi >= 0 ? t.substring(0, semi) : t).strip());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
