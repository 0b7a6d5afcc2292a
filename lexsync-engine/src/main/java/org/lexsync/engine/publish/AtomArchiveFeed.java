package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.atom.AtomDate;
import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomText;
import org.lexsync.core.atom.AtomWriter;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.atom.Link;
import org.lexsync.core.atom.Links;
import org.lexsync.core.atom.Person;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;

/**
 * One archived Atom feed of the aggregate (rinfo §3.1, §6, §10; RFC 5005 §4): the rows of one scope (the whole
 * journal, or one source's rows) in journal order, cut into archives of {@code archiveSize} rows named by a counter
 * ({@code archive/1.atom}, …), the rest in the subscription document {@code current.atom}. A full archive is closed:
 * it holds exactly its rows and links ({@code prev-archive} n-1, {@code next-archive} n+1 and {@code current}), its
 * {@code updated} is its newest row's collection time, so it never changes. Within a document tombstones come first
 * (rinfo §4.2), then entries, each in journal order.
 *
 * <p>Why {@code next-archive} n+1 is always right: RFC 5005 §4 asks archives for a {@code next-archive} link unless
 * no archive follows, and a closed archive must never change (it is served {@code immutable} and the static export
 * never writes it again), so its links are fixed when it closes: omitting the link in the newest archive and adding
 * it later, or pointing it at {@code current.atom} and later at n+1, would both change a closed document. The
 * subscription document always holds exactly the rows that will become archive {@code closed + 1} (archives are cut
 * by count), so that archive's address serves the subscription document itself, the same bytes as
 * {@code current.atom} (its {@code self} link names {@code current.atom}, no {@code fh:archive}: it is not yet an
 * archive and still changes, served {@code no-cache}), until it fills and becomes the closed archive. Archive n's
 * {@code next-archive} therefore never leads to a 404; a consumer walking forward ends at a document whose
 * {@code self} is the subscription document.
 */
final class AtomArchiveFeed implements DocumentFamily {
    static final String TYPE = "application/atom+xml";
    static final String CURRENT = "current.atom";
    private static final String ARCHIVE = "archive/";

    private final @Nullable String scope;
    private final String prefix;
    private final PublishSettings settings;
    private final AtomItems items;
    private final JournalView journal;
    private final String fingerprint;

    /** {@code scope} null for the aggregate at {@code feed/}, else a source id at {@code feed/{source}/}. */
    AtomArchiveFeed(@Nullable String scope, PublishSettings settings, AtomItems items, JournalView journal,
                    String fingerprint) {
        this.scope = scope;
        this.prefix = prefix(scope);
        this.settings = settings;
        this.items = items;
        this.journal = journal;
        this.fingerprint = fingerprint;
    }

    /** The path prefix of the feed of {@code scope} (null: the whole aggregate). */
    static String prefix(@Nullable String scope) {
        return scope == null ? "feed/" : "feed/" + scope + "/";
    }

    /** The persistent feed id of {@code scope} (rinfo §3.1.1): the configured one, per source with its id appended. */
    static String feedId(PublishSettings settings, @Nullable String scope) {
        return scope == null ? settings.feedId() : settings.feedId() + "/" + scope;
    }

    static String title(@Nullable String scope) {
        return scope == null ? "LexSync aggregate" : "LexSync aggregate: " + scope;
    }

    @Nullable String scope() {
        return scope;
    }

    String currentPath() {
        return prefix + CURRENT;
    }

    String archivePath(long n) {
        return prefix + ARCHIVE + n + ".atom";
    }

    int archiveSize() {
        return settings.archiveSize();
    }

    /** True when {@code path} is one of this feed's documents (whether or not it exists yet). */
    @Override
    public boolean owns(String path) {
        return path.equals(currentPath()) || archiveNumber(path) > 0;
    }

    /** The archive number a path names, or 0. */
    long archiveNumber(String path) {
        if (!path.startsWith(prefix + ARCHIVE) || !path.endsWith(".atom")) {
            return 0;
        }
        String n = path.substring(prefix.length() + ARCHIVE.length(), path.length() - ".atom".length());
        if (n.isEmpty() || n.length() > 12 || n.startsWith("0") || !n.chars().allMatch(Character::isDigit)) {
            return 0;
        }
        return Long.parseLong(n);
    }

    /** The document at {@code path}, or empty when it is not (yet) one of this feed's documents. */
    /** Its closed archives from the first one not on disk yet, then its subscription document. */
    @Override
    public void export(Exporter export) throws IOException {
        export.feed(this);
    }

    @Override
    public Optional<PublishedDocument> document(String path) {
        JournalView.Scope rows = journal.at(scope);
        long total = rows.count();
        long closed = total / settings.archiveSize();
        long n = archiveNumber(path);
        if (path.equals(currentPath()) || n == closed + 1) {
            // the subscription document, also at the address of the archive it will become
            long from = closed * settings.archiveSize();
            Optional<JournalView.Stamp> last = total == 0 ? Optional.empty() : rows.stamp(total - 1);
            long lastSeq = last.map(JournalView.Stamp::seq).orElse(0L);
            Instant updated = last.map(JournalView.Stamp::collected).orElse(Instant.EPOCH);
            return Optional.of(new PublishedDocument(path, TYPE, Etags.of("atom-current", prefix, Long.toString(total),
                    Long.toString(lastSeq), fingerprint), updated, false, out -> {
                        List<JournalView.HeldRow> held = new ArrayList<>();
                        rows.heldRows(from, total - from, held::add);
                        write(out, held, 0, closed, updated);
                    }));
        }
        if (n == 0 || n > closed) {
            return Optional.empty();
        }
        long from = (n - 1) * settings.archiveSize();
        JournalView.Stamp last = rows.stamp(from + settings.archiveSize() - 1).orElseThrow();
        Instant updated = last.collected();
        return Optional.of(new PublishedDocument(path, TYPE, Etags.of("atom-archive", prefix, Long.toString(n),
                Long.toString(last.seq()), fingerprint), updated, true, out -> {
                    List<JournalView.HeldRow> held = new ArrayList<>(settings.archiveSize());
                    rows.heldRows(from, settings.archiveSize(), held::add);
                    write(out, held, n, closed, updated);
                }));
    }

    /**
     * Writes one document: closed archive {@code n} (1-based) or, for {@code n == 0}, the subscription document after
     * {@code closed} archives (which is also served as archive {@code closed + 1}); {@code rows} are exactly its rows
     * in journal order.
     */
    void write(OutputStream out, List<JournalView.HeldRow> rows, long n, long closed, Instant updated)
            throws IOException {
        List<Link> links = new ArrayList<>(5);
        if (n == 0) {
            links.add(link("self", currentPath()));
            links.add(link("current", currentPath()));
            if (closed > 0) {
                links.add(link("prev-archive", archivePath(closed)));
            }
        } else {
            links.add(link("self", archivePath(n)));
            links.add(link("current", currentPath()));
            if (n > 1) {
                links.add(link("prev-archive", archivePath(n - 1)));
            }
            links.add(link("next-archive", archivePath(n + 1)));
        }
        Person author = new Person(settings.authorName(), settings.authorEmail(), null);
        AtomFeed header = new AtomFeed(feedId(settings, scope), AtomText.of(title(scope)), null, AtomDate.of(updated),
                List.of(author), new Links(links), false, n > 0, List.of(), null, 0, 0);
        List<FeedItem> entries = new ArrayList<>(rows.size());
        try (AtomWriter w = AtomWriter.open(out, header)) {
            for (FeedItem item : items.items(scope, rows)) {
                if (item instanceof DeletedEntry) {
                    w.write(item);
                } else {
                    entries.add(item);
                }
            }
            for (FeedItem item : entries) {
                w.write(item);
            }
        }
    }

    private Link link(String rel, String path) {
        return Link.of(rel, settings.url(path));
    }
}
