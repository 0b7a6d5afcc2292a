package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.atom.Link;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.harvest.SourceUnreadableException;

/**
 * The ELI update Atom feed as read once per run (ELI Pillar IV §3.3, annex §4.1 steps 3 and 4): one
 * candidate per ELI (its newest {@code updated}), oldest first, and the oldest date the feed reaches back
 * to. The document is validated with the {@link AtomValidator.Profile#ELI_UPDATE_FEED} profile (§3.3.2:
 * header, urn: id, entry link and id being the ELI). Entries are kept as (ELI, date) pairs only; a feed
 * holds about 60 days of updates, so this stays small.
 */
record UpdateFeed(URI url, List<Candidate> oldestFirst, W3cDateTime oldest, Findings findings) {
    static final String ACCEPT = "application/atom+xml, application/xml;q=0.9, */*;q=0.1";
    /** Upper bound on distinct ELIs taken from one feed document. */
    static final int MAX_ENTRIES = 2_000_000;

    UpdateFeed {
        oldestFirst = List.copyOf(oldestFirst);
    }

    /**
     * @throws SourceUnreadableException when the feed cannot be fetched or is not an Atom feed
     */
    static UpdateFeed read(URI url, SourceFetch fetch) {
        FetchResult.Fetched f = fetch.get(url, ACCEPT);
        try (InputStream in = Files.newInputStream(f.body()); AtomReader reader = AtomReader.open(in, url.toString())) {
            AtomValidator validator = new AtomValidator(AtomValidator.Profile.ELI_UPDATE_FEED);
            validator.header(reader.feed());
            Findings own = new Findings();
            Map<String, W3cDateTime> newest = new HashMap<>();
            W3cDateTime oldest = null;
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
                if (e.updated() == null || !e.updated().ok()) {
                    own.error("eli:3.3.2/entry-updated", "entry " + eli + " has no valid atom:updated; it is skipped",
                            e.line(), e.column());
                    continue;
                }
                W3cDateTime t = e.updated().value();
                if (oldest == null || t.compareTo(oldest) < 0) {
                    oldest = t;
                }
                newest.merge(eli, t, (a, b) -> a.compareTo(b) >= 0 ? a : b);
                if (newest.size() > MAX_ENTRIES) {
                    throw new SourceUnreadableException(url, f.status(), String.format(Locale.ROOT,
                            "more than %,d distinct ELIs in the update feed", MAX_ENTRIES));
                }
            }
            validator.header(reader.trailer());
            Findings findings = new Findings();
            findings.addAll(reader.findings());
            findings.addAll(validator.finish());
            findings.addAll(own);
            List<Candidate> list = new ArrayList<>(newest.size());
            newest.forEach((eli, t) -> list.add(new Candidate(eli, t)));
            list.sort(Comparator.comparing(Candidate::modified).thenComparing(Candidate::eli));
            return new UpdateFeed(url, list, oldest, findings);
        } catch (XmlDocumentException e) {
            throw new SourceUnreadableException(url, f.status(), "not a readable Atom feed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            TempFiles.deleteQuietly(f.body());
        }
    }

    /** §3.3.2: id and link MUST both be the ELI; the id is preferred, the link used when the id is no http URI. */
    private static String eli(Entry e, Findings own) {
        String link = e.links().all().stream().filter(l -> l.is("alternate")).map(Link::href).findFirst().orElse(null);
        String id = e.id() == null ? null : e.id().strip();
        if (isHttp(id)) {
            return id;
        }
        if (isHttp(link)) {
            return link;
        }
        own.error("eli:3.3.2/entry-eli", "entry names no ELI (neither its id nor its link is an http(s) URI); it is"
                + " skipped", e.line(), e.column());
        return null;
    }

    private static boolean isHttp(String s) {
        if (s == null) {
            return false;
        }
        String l = s.toLowerCase(Locale.ROOT);
        return l.startsWith("http://") || l.startsWith("https://");
    }
}
