package org.lexsync.engine.check;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.xml.namespace.QName;
import org.lexsync.core.atom.AtomDate;
import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.atom.Content;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.atom.Link;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.model.CheckRequest;

/**
 * Checks an Atom feed and its whole RFC 5005 archive chain (§4, up to {@link CheckRequest#maxArchives()} archives)
 * with the harvester's own reader ({@link AtomReader}) and the core validator of the chosen profile (RFC 4287, or
 * rinfo-atom-insamling §3–§6), then adds the rules that span documents: one feed id across all documents (rinfo
 * §3.1, checklist §7.1 item 1), archives older than the documents linking to them (rinfo §3.2, §7.1 item 6), no
 * cycle in the chain, and — for the sampled entries — every linked document's MD5 and length against the real
 * bytes (rinfo §3.3.6, §7.1 item 5). Only the youngest entry of an id is sampled: older ones are superseded and a
 * collector never fetches them (rinfo §8.1).
 */
final class AtomCheck {
    static final String FEED_ID = "rinfo:3.1/feed-id";
    static final String CHAIN_ORDER = "rinfo:3.2/chain-order";
    static final String CYCLE = "atom:rfc5005-4/archive-cycle";
    static final String ARCHIVE_LIMIT = "lexsync:check/archive-limit";
    static final String MD5_MATCH = "rinfo:3.3.6/md5-match";
    static final String LENGTH_MATCH = "rinfo:3.3.6/length-match";
    static final String TYPE_MATCH = "rinfo:3.3.6/type-match";

    private final CheckRun run;
    private final AtomValidator.Profile profile;
    /** Every entry id and tombstone ref read, youngest first. */
    final Set<String> seenIds = new HashSet<>();
    private final Set<URI> visited = new HashSet<>();
    private final boolean sampleLinks;
    private String feedId;
    private String feedIdDocument;
    /** The oldest entry timestamp of the whole chain, and the subscription document's header. */
    AtomDate oldest;
    AtomFeed subscription;

    AtomCheck(CheckRun run, AtomValidator.Profile profile, boolean sampleLinks) {
        this.run = run;
        this.profile = profile;
        this.sampleLinks = sampleLinks;
        Severity rinfo = profile == AtomValidator.Profile.RINFO ? Severity.ERROR : Severity.WARNING;
        run.tally.checked(FEED_ID, rinfo, "all documents of the feed share one atom:id (rinfo §3.1, §7.1 item 1)");
        run.tally.checked(CHAIN_ORDER, Severity.ERROR, "entries of an archive are not newer than those of the "
                + "document linking to it (rinfo §3.2, §7.1 item 6; RFC 5005 §4)");
        run.tally.checked(CYCLE, Severity.ERROR, "the prev-archive chain has no cycle (RFC 5005 §4)");
        if (!sampleLinks) {
            return;
        }
        run.tally.checked(MD5_MATCH, Severity.ERROR, "every linked document's MD5 matches its bytes (rinfo §3.3.6, "
                + "§7.1 item 5)");
        run.tally.checked(LENGTH_MATCH, Severity.ERROR, "every linked document's length matches its bytes "
                + "(rinfo §3.3.6; RFC 4287 §4.2.7.6)");
        run.tally.checked(TYPE_MATCH, Severity.WARNING, "every linked document is served with its stated media "
                + "type (rinfo §3.3.6; RFC 4287 §4.2.7.3)");
    }

    static boolean check(CheckRun run, URI root) {
        AtomValidator.Profile profile = run.request.atomProfile() == CheckRequest.AtomProfile.RINFO
                ? AtomValidator.Profile.RINFO : AtomValidator.Profile.RFC4287;
        return new AtomCheck(run, profile, true).walk(root);
    }

    /** Walks from {@code root}; returns false when the root document could not be read at all. */
    boolean walk(URI root) {
        URI next = root;
        AtomDate newerOldest = null;
        String newerDocument = null;
        int archives = 0;
        boolean first = true;
        while (next != null && !run.full()) {
            if (!visited.add(next)) {
                run.tally.error(CYCLE, newerDocument, 0, 0, null, "prev-archive leads back to " + next
                        + ", already read");
                break;
            }
            if (!first && archives++ >= run.request.maxArchives()) {
                run.tally.warning(ARCHIVE_LIMIT, newerDocument, 0, 0, null, "stopped after "
                        + run.request.maxArchives() + " archives (--max-archives)");
                run.truncated = true;
                break;
            }
            Optional<CheckRun.Fetched> doc = run.document(next, first ? null : newerDocument);
            if (doc.isEmpty()) {
                return !first;
            }
            Page page;
            try (CheckRun.Fetched f = doc.get()) {
                page = page(f);
            } catch (XmlDocumentException e) {
                run.unreadable(e, next.toString());
                return !first;
            }
            if (newerOldest != null && page.newest != null && newerOldest.isBefore(page.newest)) {
                run.tally.error(CHAIN_ORDER, page.document, page.newestLine, page.newestColumn, page.newestId,
                        String.format(Locale.ROOT, "archive entry of %s is newer than the oldest entry (%s) of %s,"
                                + " which links to it", page.newest.raw(), newerOldest.raw(), newerDocument));
            }
            if (page.oldest != null) {
                newerOldest = page.oldest;
            }
            newerDocument = page.document;
            next = page.prevArchive;
            first = false;
        }
        return true;
    }

    /** What the walk needs from one document. */
    private record Page(String document, URI prevArchive, AtomDate oldest, AtomDate newest, String newestId,
                        int newestLine, int newestColumn) {
    }

    private Page page(CheckRun.Fetched f) {
        String document = f.url().toString();
        try (InputStream in = Files.newInputStream(f.body());
             AtomReader r = AtomReader.open(in, document)) {
            AtomValidator validator = new AtomValidator(profile);
            validator.header(r.feed());
            AtomDate oldest = null;
            AtomDate newest = null;
            FeedItem newestItem = null;
            while (r.hasNext()) {
                if (run.full()) {
                    break;
                }
                FeedItem item = r.next();
                run.entry();
                validator.item(item);
                AtomDate t = item.timestamp();
                if (t != null && t.ok()) {
                    if (this.oldest == null || t.isBefore(this.oldest)) {
                        this.oldest = t;
                    }
                    if (oldest == null || t.isBefore(oldest)) {
                        oldest = t;
                    }
                    if (newest == null || newest.isBefore(t)) {
                        newest = t;
                        newestItem = item;
                    }
                }
                switch (item) {
                    case Entry e -> {
                        if (e.id() != null && seenIds.add(e.id()) && sampleLinks) {
                            sampleLinks(e, document);
                        }
                    }
                    case DeletedEntry d -> {
                        if (d.ref() != null) {
                            seenIds.add(d.ref());
                        }
                    }
                }
            }
            AtomFeed feed = r.trailer();
            validator.header(feed);
            run.tally.addAll(r.findings(), document);
            run.tally.addAll(validator.finish(), document);
            feedId(feed, document);
            if (subscription == null) {
                subscription = feed;
            }
            URI prev = feed.links().prevArchive().map(l -> toUri(l.href(), document, feed)).orElse(null);
            return new Page(document, prev, oldest, newest, newestItem == null ? null : newestItem.id(),
                    newestItem == null ? 0 : newestItem.line(), newestItem == null ? 0 : newestItem.column());
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }

    private URI toUri(String href, String document, AtomFeed feed) {
        try {
            return URI.create(href);
        } catch (IllegalArgumentException e) {
            run.tally.error(CheckRun.FETCH, document, feed.line(), feed.column(), null,
                    "prev-archive '" + href + "' is not a URL");
            return null;
        }
    }

    private void feedId(AtomFeed feed, String document) {
        if (feed.id() == null) {
            return; // the validator reports a feed without id
        }
        if (feedId == null) {
            feedId = feed.id();
            feedIdDocument = document;
        } else if (!feedId.equals(feed.id())) {
            run.tally.add(profile == AtomValidator.Profile.RINFO ? Severity.ERROR : Severity.WARNING, FEED_ID,
                    new org.lexsync.engine.model.CheckExample(document, feed.line(), feed.column(), null,
                            "feed id differs from " + feedIdDocument + "'s", feedId, feed.id()));
        }
    }

    /** The entry's content src, alternates and enclosures, each fetched while the sample allows. */
    private void sampleLinks(Entry e, String document) {
        Content c = e.content();
        if (c != null && c.outOfLine() && run.maySample()) {
            sample(e, document, c.src(), c.digests(), lengthOf(c), c.type());
        }
        for (Link l : e.links().all()) {
            if (!(l.is("alternate") || l.is("enclosure")) || !run.maySample()) {
                continue;
            }
            if (l.digests().isEmpty() && l.length() == null && l.type() == null) {
                continue; // nothing promised to verify
            }
            sample(e, document, l.href(), l.digests(), l.length(), l.type());
        }
    }

    private void sample(Entry e, String document, String href, org.lexsync.core.checksum.Digests digests,
                        Long length, String type) {
        URI url;
        try {
            url = URI.create(href);
        } catch (IllegalArgumentException ex) {
            return; // the validator reports hrefs that are not URLs (rinfo §3.3.6)
        }
        if (url.getScheme() == null || !url.getScheme().toLowerCase(Locale.ROOT).startsWith("http")) {
            return;
        }
        run.sample(url, document, e.line(), e.column(), e.id(), digests, length, type, MD5_MATCH, LENGTH_MATCH,
                TYPE_MATCH);
    }

    private static Long lengthOf(Content c) {
        String v = c.attributes().get(new QName("", "length"));
        if (v == null) {
            return null;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException ex) {
            return null;
        }
    }
}
