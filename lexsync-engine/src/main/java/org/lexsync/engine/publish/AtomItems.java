package org.lexsync.engine.publish;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.atom.AtomDate;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.atom.AtomText;
import org.lexsync.core.atom.Content;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.atom.Link;
import org.lexsync.core.atom.Links;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.SourceFeed;
import org.lexsync.core.xml.XmlElement;

/**
 * Projects one journal row onto one Atom item of the aggregate (rinfo §3.2, §3.3, §4.2, §10): an entry whose
 * {@code id} is the resource URI, {@code updated} our collection time and {@code published} the original one; the
 * primary file as {@code content} with {@code src} at our copy by content address, {@code type}, {@code length} and
 * {@code hash="md5:…"} (§3.3.6, with {@code le:md5} as an option); RDF metadata and other alternates as
 * {@code alternate} links, attachments as {@code enclosure} with {@code dct:isFormatOf} (§3.3.7), each with its
 * hash and length; the original URL as a {@code via} link; {@code atom:source} naming the feed the entry came from
 * and {@code lx:provenance} for the rest. A deletion is an RFC 6721 {@code at:deleted-entry} whose {@code when} is
 * our collection time, with the source's original time in its provenance. Ids: {@link EntryIds}. Only the row itself
 * is read (and, for its id, which source first held its URI, which never changes): an old row projects the same for
 * ever.
 *
 * <p>{@code atom:source} (RFC 4287 §4.2.11) names the original Atom feed when the collector recorded it with the row
 * ({@link SourceFeed}: its id, title, {@code updated} and address). Other protocols (ResourceSync, ELI, crawlers,
 * ingestion) have no source feed, nor do Atom rows written before the feed was recorded: their {@code atom:source}
 * is the source's own feed in this publication ({@code feed/{source}/current.atom}, id {@code {feed id}/{source}}),
 * the one Atom feed the item was part of before this one. Not the source's entry URL: that is the address of a
 * Sitemap, a capability list or a portal, not the id of a feed, and it is configuration that may change, while a
 * published row must not.
 */
final class AtomItems {
    private static final String RDF_XML = "application/rdf+xml";

    private final PublishSettings settings;
    private final EntryIds ids;

    AtomItems(PublishSettings settings) {
        this.settings = settings;
        this.ids = new EntryIds(settings);
    }

    /** The items of {@code rows} (in order) in the feed of {@code scope} (null: the whole aggregate). */
    List<FeedItem> items(@Nullable String scope, List<JournalView.HeldRow> rows) {
        List<FeedItem> out = new ArrayList<>(rows.size());
        for (JournalView.HeldRow row : rows) {
            out.add(item(row.version(), ids.of(scope, row.version(), row.firstHolder())));
        }
        return out;
    }

    /** The item of one row under {@code id} (the resource URI, or the aggregate's own id for it). */
    FeedItem item(JournalVersion v, String id) {
        JournalEntry e = v.entry();
        XmlElement provenance = Provenance.of(e, id.equals(e.resourceUri()) ? null : e.resourceUri());
        if (e.kind() == ChangeKind.DELETED) {
            return new DeletedEntry(id, AtomDate.of(e.collected()), null, null, List.of(provenance), 0, 0);
        }
        List<RepresentationState> reps = v.representations();
        RepresentationState primary = primary(reps);
        Content content = primary == null ? fromChecksums(e) : content(primary);
        List<Link> links = new ArrayList<>();
        for (RepresentationState r : reps) {
            if (r != primary) {
                links.add(link(r));
            }
        }
        if (primary != null && primary.url() != null) {
            links.add(Link.of("via", primary.url().toString()));
        }
        AtomDate published = v.published() == null ? null : AtomDate.parse(v.published());
        String title = v.title() == null || v.title().isBlank() ? e.resourceUri() : v.title();
        SourceFeed from = SourceFeed.in(v.links()).orElseGet(() -> ownFeed(e.sourceId()));
        return new Entry(id, AtomText.of(title), AtomDate.of(e.collected()),
                published != null && published.ok() ? published : null, List.of(),
                content != null && content.outOfLine() ? AtomText.of(title) : null, content, new Links(links),
                List.of(), List.of(Provenance.atomSource(from), provenance), 0, 0);
    }

    /** The source's own feed in this publication, for rows with no recorded source feed. */
    private SourceFeed ownFeed(String sourceId) {
        return new SourceFeed(AtomArchiveFeed.feedId(settings, sourceId), AtomArchiveFeed.title(sourceId), null,
                settings.url(AtomArchiveFeed.prefix(sourceId) + AtomArchiveFeed.CURRENT));
    }

    /** The file published as content: the primary one, else the first (e.g. metadata only), else none. */
    private static @Nullable RepresentationState primary(List<RepresentationState> reps) {
        for (RepresentationState r : reps) {
            if (r.role() == RepresentationRole.PRIMARY) {
                return r;
            }
        }
        return reps.isEmpty() ? null : reps.get(0);
    }

    private static final QName LENGTH = new QName("", "length");

    private Content content(RepresentationState r) {
        Map<QName, String> attributes = Map.of(LENGTH, Long.toString(r.length()));
        String src = src(r);
        return new Content(r.mediaType(), src, src, "", List.of(), md5(r.md5()),
                settings.legacyMd5() ? r.md5() : null, attributes);
    }

    /** A row written before versions were recorded: only its checksums are known. */
    private @Nullable Content fromChecksums(JournalEntry e) {
        Digest sha = e.checksums().get(HashAlgorithm.SHA_256).orElse(null);
        if (sha == null) {
            return null;
        }
        String src = settings.url(BlobPaths.path(sha.hex()));
        Digest md5 = e.checksums().get(HashAlgorithm.MD5).orElse(null);
        return Content.ofSrc(null, src, md5 == null ? Digests.NONE : Digests.of(md5));
    }

    private Link link(RepresentationState r) {
        String rel = r.role() == RepresentationRole.ENCLOSURE || r.role() == RepresentationRole.MANIFEST_MEMBER
                ? "enclosure" : "alternate";
        String type = r.mediaType();
        if (r.role() == RepresentationRole.METADATA && type == null) {
            type = RDF_XML;
        }
        Map<QName, String> attributes = Map.of();
        if (rel.equals("enclosure")) {
            String about = isFormatOf(r);
            if (about != null) {
                attributes = Map.of(new QName(AtomNs.DCT, "isFormatOf", "dct"), about);
            }
        }
        String src = src(r);
        return new Link(rel, src, src, type, null, null, r.length(), md5(r.md5()),
                settings.legacyMd5() ? r.md5() : null, null, attributes);
    }

    private static @Nullable String isFormatOf(RepresentationState r) {
        for (org.lexsync.engine.model.Link l : r.links()) {
            if (l.rel().equalsIgnoreCase("isFormatOf")) {
                return l.href();
            }
        }
        return null;
    }

    private String src(RepresentationState r) {
        return settings.url(BlobPaths.path(r.sha256()));
    }

    private static Digests md5(@Nullable String hex) {
        return hex == null ? Digests.NONE : HashAttributes.md5(hex);
    }
}
