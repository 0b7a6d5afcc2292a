package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.namespace.QName;
import org.lexsync.core.atom.AtomDate;
import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.atom.AtomText;
import org.lexsync.core.atom.AtomWriter;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.Link;
import org.lexsync.core.atom.Links;
import org.lexsync.core.atom.Person;
import org.lexsync.core.sitemap.RootKind;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapWriter;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.store.Journal;
import org.lexsync.engine.store.Resources;

/**
 * The ELI sources of the aggregate as an ELI Pillar IV provider (ELI Pillar IV §3.2, §3.3): {@code eli/sitemap.xml}
 * lists every active ELI as collected ({@code loc} dereferences at its publisher) with {@code lastmod} its source's
 * date, {@code dct:relation} on {@code urlset} naming the feed, and becomes a Sitemap Index over {@code
 * eli/sitemap{n}.xml} past {@code listSize} entries (§3.2.2 "Split if more than 50 000 entries");
 * {@code eli/eli-update-feed.atom} has the configured {@code urn:…:eli:eli-update-feed} id and one entry per ELI
 * changed within {@code eliHistoryDays} before the newest change (§3.3.2 "Keep 60 days of history"), its {@code id}
 * and {@code link} the ELI, {@code updated} the change, newest first. The window ends at the journal's newest row,
 * not at the clock.
 */
final class EliPublication implements DocumentFamily {
    static final String SITEMAP = "eli/sitemap.xml";
    static final String FEED = "eli/eli-update-feed.atom";

    private final PublishSettings settings;
    private final Journal journal;
    private final Resources resources;
    private final List<String> eliSources;
    private final String fingerprint;

    EliPublication(PublishSettings settings, Journal journal, Resources resources, List<String> eliSources,
                   String fingerprint) {
        this.settings = settings;
        this.journal = journal;
        this.resources = resources;
        this.eliSources = List.copyOf(eliSources);
        this.fingerprint = fingerprint;
    }

    @Override
    public boolean owns(String path) {
        return path.startsWith("eli/") && !eliSources.isEmpty();
    }

    List<String> paths() {
        if (eliSources.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add(SITEMAP);
        long parts = parts();
        if (parts > 1) {
            for (long n = 1; n <= parts; n++) {
                out.add(part(n));
            }
        }
        out.add(FEED);
        return out;
    }

    private static String part(long n) {
        return "eli/sitemap" + n + ".xml";
    }

    private long count() {
        long n = 0;
        for (String s : eliSources) {
            n += resources.count(s, false);
        }
        return n;
    }

    private long parts() {
        return Math.max(1, (count() + settings.listSize() - 1) / settings.listSize());
    }

    /** Every document (the Sitemap or its index and parts, the update feed), rewritten when its bytes changed. */
    @Override
    public void export(Exporter export) throws IOException {
        for (String path : paths()) {
            export.submit(document(path).orElseThrow());
        }
    }

    @Override
    public Optional<PublishedDocument> document(String path) {
        if (eliSources.isEmpty()) {
            return Optional.empty();
        }
        long last = journal.lastSeq();
        Instant modified = newest();
        String etag = Etags.of("eli", path, Long.toString(last), fingerprint);
        if (path.equals(SITEMAP)) {
            long parts = parts();
            return Optional.of(new PublishedDocument(path, "application/xml", etag, modified, false,
                    parts > 1 ? out -> index(out, parts) : out -> urlset(out, 0, 0)));
        }
        for (long n = 1, parts = parts(); n <= parts && parts > 1; n++) {
            if (path.equals(part(n))) {
                long from = (n - 1) * settings.listSize();
                return Optional.of(new PublishedDocument(path, "application/xml", etag, modified, false,
                        out -> urlset(out, from, settings.listSize())));
            }
        }
        if (path.equals(FEED)) {
            return Optional.of(new PublishedDocument(path, AtomArchiveFeed.TYPE, etag, modified, false, this::feed));
        }
        return Optional.empty();
    }

    /** The collection time of the newest row of the ELI sources: the documents' Last-Modified. */
    private Instant newest() {
        Instant newest = Instant.EPOCH;
        for (String s : eliSources) {
            long seq = journal.maxSeq(s);
            if (seq > 0) {
                Instant[] at = {Instant.EPOCH};
                journal.forEachSince(seq - 1, s, 1, e -> at[0] = e.collected());
                newest = at[0].isAfter(newest) ? at[0] : newest;
            }
        }
        return newest;
    }

    private void index(OutputStream out, long parts) {
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.SITEMAPINDEX))) {
            for (long n = 1; n <= parts; n++) {
                w.write(SitemapEntry.of(settings.url(part(n))));
            }
        }
    }

    /** The active ELIs from position {@code from} on, {@code limit} of them ({@code <= 0}: all), source by source. */
    private void urlset(OutputStream out, long from, long limit) {
        SitemapHeader h = SitemapHeader.of(RootKind.URLSET).withNamespaces(Map.of("dct", AtomNs.DCT))
                .withAttributes(Map.of(new QName(AtomNs.DCT, "relation", "dct"), settings.url(FEED)));
        try (SitemapWriter w = SitemapWriter.open(out, h)) {
            long skip = from;
            long left = limit > 0 ? limit : Long.MAX_VALUE;
            for (String s : eliSources) {
                long here = resources.count(s, false);
                if (skip >= here) {
                    skip -= here;
                    continue;
                }
                long take = Math.min(left, here - skip);
                journal.forEachCurrentVersion(s, skip, take, v -> w.write(SitemapEntry.of(v.entry().resourceUri())
                        .withLastmod(changed(v))));
                left -= take;
                skip = 0;
                if (left == 0) {
                    break;
                }
            }
        }
    }

    /** The date of a change as the ELI provider stated it, else our collection time. */
    private static W3cDateTime changed(JournalVersion v) {
        return v.entry().sourceTimestamp() != null ? v.entry().sourceTimestamp() : W3cDateTime.of(v.entry().collected());
    }

    private void feed(OutputStream out) {
        Map<String, JournalVersion> latest = new LinkedHashMap<>();
        Instant newest = Instant.EPOCH;
        for (String s : eliSources) {
            List<Journal.Day> days = journal.days(s);
            if (days.isEmpty()) {
                continue;
            }
            Instant end = java.time.LocalDate.parse(days.get(days.size() - 1).day()).plusDays(1)
                    .atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
            Instant cutoff = end.minus(Duration.ofDays(settings.eliHistoryDays()));
            long fromSeq = days.stream().filter(d -> !java.time.LocalDate.parse(d.day()).plusDays(1)
                    .atStartOfDay(java.time.ZoneOffset.UTC).toInstant().isBefore(cutoff))
                    .mapToLong(Journal.Day::firstSeq).min().orElse(Long.MAX_VALUE);
            if (fromSeq == Long.MAX_VALUE) {
                continue;
            }
            journal.forEachVersionSince(fromSeq - 1, s, 0, v -> {
                if (v.entry().kind() != ChangeKind.DELETED && !v.entry().collected().isBefore(cutoff)) {
                    latest.remove(v.entry().resourceUri());
                    latest.put(v.entry().resourceUri(), v);
                } else if (v.entry().kind() == ChangeKind.DELETED) {
                    latest.remove(v.entry().resourceUri());
                }
            });
        }
        List<JournalVersion> entries = new ArrayList<>(latest.values());
        entries.sort((a, b) -> {
            int c = changed(b).toInstant().compareTo(changed(a).toInstant());
            return c != 0 ? c : Long.compare(b.entry().seq(), a.entry().seq());
        });
        if (!entries.isEmpty()) {
            newest = changed(entries.get(0)).toInstant();
        }
        AtomFeed header = new AtomFeed(settings.eliFeedId(), AtomText.of("LexSync ELI update feed"), null,
                AtomDate.of(newest), List.of(new Person(settings.authorName(), settings.authorEmail(), null)),
                new Links(List.of(new Link("self", settings.url(FEED), settings.url(FEED), AtomArchiveFeed.TYPE, null,
                        null, null, null, null, null, Map.of()))), false, false, List.of(), null, 0, 0);
        try (AtomWriter w = AtomWriter.open(out, header)) {
            for (JournalVersion v : entries) {
                String eli = v.entry().resourceUri();
                w.write(new Entry(eli, AtomText.of(eli), AtomDate.of(changed(v)), null, List.of(), null, null,
                        new Links(List.of(Link.of(null, eli))), List.of(), List.of(), 0, 0));
            }
        }
    }
}
