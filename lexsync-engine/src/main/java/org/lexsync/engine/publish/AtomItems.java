package org.lexsync.engine.publish;

import java.util.ArrayList;
import java.util.HashMap;
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

/**
 * Projects one journal row onto one Atom item of the aggregate (rinfo §3.2, §3.3, §4.2, §10): an entry whose
 * {@code id} is the resource URI, {@code updated} our collection time and {@code published} the original one; the
 * primary file as {@code content} with {@code src} at our copy by content address, {@code type}, {@code length} and
 * {@code hash="md5:…"} (§3.3.6, with {@code le:md5} as an option); RDF metadata and other alternates as
 * {@code alternate} links, attachments as {@code enclosure} with {@code dct:isFormatOf} (§3.3.7), each with its
 * hash and length; the original URL as a {@code via} link; {@code atom:source} and {@code lx:provenance} for the
 * rest. A deletion is an RFC 6721 {@code at:deleted-entry} whose {@code when} is our collection time, with the
 * source's original time in its provenance. Only the row itself is read: an old row projects the same for ever.
 */
final class AtomItems {
    private static final String RDF_XML = "application/rdf+xml";

    private final PublishSettings settings;
    private final Map<String, @Nullable String> sourceFeedIds;

    /** {@code sourceFeedIds}: per source id, the URI naming its feed in {@code atom:source} (its entry URL). */
    AtomItems(PublishSettings settings, Map<String, @Nullable String> sourceFeedIds) {
        this.settings = settings;
        this.sourceFeedIds = new HashMap<>(sourceFeedIds);
    }

    FeedItem item(JournalVersion v) {
        JournalEntry e = v.entry();
        if (e.kind() == ChangeKind.DELETED) {
            return new DeletedEntry(e.resourceUri(), AtomDate.of(e.collected()), null, null,
                    List.of(Provenance.of(e)), 0, 0);
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
        return new Entry(e.resourceUri(), AtomText.of(title), AtomDate.of(e.collected()),
                published != null && published.ok() ? published : null, List.of(),
                content != null && content.outOfLine() ? AtomText.of(title) : null, content, new Links(links),
                List.of(), List.of(Provenance.atomSource(sourceFeedIds.get(e.sourceId()), e.sourceId()),
                Provenance.of(e)), 0, 0);
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
