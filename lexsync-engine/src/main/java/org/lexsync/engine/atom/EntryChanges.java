package org.lexsync.engine.atom;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.core.atom.AtomDate;
import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.atom.Content;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.uri.LenientUris;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.SourceFeed;
import org.lexsync.core.xml.XmlElement;

/**
 * Turns one feed item into the change the applier carries out (rinfo §3.3): content@src is the primary
 * representation, alternate links are the RDF metadata (or other alternates), enclosures are attachments
 * with their {@code dct:isFormatOf}; every file carries the promised md5 ({@code hash} or the obsolete
 * {@code le:md5}, §3.3.6) and length, which the applier verifies. A tombstone deletes with its
 * {@code when} as the source time (§4.2). The entry's own updated and published are kept (§3.2).
 */
final class EntryChanges {
    private static final String RDF_XML = "application/rdf+xml";

    private EntryChanges() {
    }

    /** The checkpoint text after collecting an item: its timestamp and id, the collected mark of rinfo §8.1. */
    static String checkpoint(AtomDate at, String id) {
        return at.canonical() + " " + id;
    }

    static PlannedChange delete(String sourceId, DeletedEntry d) {
        return PlannedChange.delete(sourceId, d.ref(), d.when().value(), checkpoint(d.when(), d.ref()));
    }

    /**
     * The change of an entry read from {@code page}; the feed it came from is recorded with the resource (RFC 4287
     * §4.2.11, rinfo §3.2) so that the aggregate can name it in {@code atom:source}.
     */
    static PlannedChange upsert(String sourceId, Entry e, FeedPage page) {
        List<PlannedRepresentation> files = new ArrayList<>();
        Content content = e.content();
        URI src = content != null && content.outOfLine() ? LenientUris.httpUri(content.src()) : null;
        if (src != null) {
            Long length = parseLength(content.attributes().get(new javax.xml.namespace.QName("", "length")));
            files.add(new PlannedRepresentation(src, null, RepresentationRole.PRIMARY,
                    content.digests(), length, content.type(), List.of()));
        }
        for (org.lexsync.core.atom.Link l : e.links().alternates()) {
            URI href = LenientUris.httpUri(l.href());
            if (href != null) {
                boolean rdf = l.type() != null && l.type().toLowerCase(Locale.ROOT).startsWith(RDF_XML);
                addOnce(files, file(l, href, rdf ? RepresentationRole.METADATA : RepresentationRole.ALTERNATE, List.of()));
            }
        }
        for (org.lexsync.core.atom.Link l : e.links().enclosures()) {
            URI href = LenientUris.httpUri(l.href());
            if (href != null) {
                List<Link> about = l.isFormatOf() == null ? List.of() : List.of(new Link("isFormatOf", l.isFormatOf()));
                addOnce(files, file(l, href, RepresentationRole.ENCLOSURE, about));
            }
        }
        W3cDateTime updated = e.updated().value();
        boolean created = e.published() == null || !e.published().ok() || e.published().value().equals(updated);
        return PlannedChange.builder(sourceId, e.id(), created ? ChangeKind.CREATED : ChangeKind.UPDATED)
                .sourceTimestamp(updated).representations(files).links(links(e, sourceFeed(e, page)))
                .title(e.title() == null ? null : e.title().text())
                .published(e.published() == null ? null : e.published().canonical())
                .checkpoint(checkpoint(e.updated(), e.id())).build();
    }

    /**
     * Adds {@code r} unless a file of the same URL is already planned: publishers list the content's file
     * again as an alternate, or one link twice; the first role stated wins (content before alternates).
     */
    private static void addOnce(List<PlannedRepresentation> files, PlannedRepresentation r) {
        for (PlannedRepresentation f : files) {
            if (f.url().equals(r.url())) {
                return;
            }
        }
        files.add(r);
    }

    private static PlannedRepresentation file(org.lexsync.core.atom.Link l, URI href, RepresentationRole role,
                                              List<Link> links) {
        return new PlannedRepresentation(href, null, role, l.digests(), l.length(), l.type(), links);
    }

    /**
     * The feed an entry came from: the {@code atom:source} the entry already carries when it names a feed id (it was
     * copied from another feed, e.g. it is an entry of an aggregate: RFC 4287 §4.2.11 keeps the original), else the
     * header of the feed document it was read from, with the address that document was served from.
     */
    static SourceFeed sourceFeed(Entry e, FeedPage page) {
        XmlElement source = e.foreign(AtomNs.ATOM, "source");
        if (source != null) {
            String id = text(source.child(AtomNs.ATOM, "id"));
            if (id != null) {
                return new SourceFeed(id, text(source.child(AtomNs.ATOM, "title")),
                        text(source.child(AtomNs.ATOM, "updated")), selfLink(source));
            }
        }
        AtomFeed h = page.header();
        if (h.id() == null || h.id().isBlank()) {
            return null;   // not a feed id (rinfo §3.1 requires one; the validator reported it)
        }
        return new SourceFeed(h.id().strip(), h.title() == null ? null : h.title().text(),
                h.updated() == null ? null : h.updated().canonical(), page.base().toString());
    }

    private static String text(XmlElement e) {
        return e == null || e.text() == null || e.text().isBlank() ? null : e.text().strip();
    }

    private static String selfLink(XmlElement source) {
        for (XmlElement c : source.children()) {
            if (AtomNs.ATOM.equals(c.namespace()) && c.localName().equals("link")
                    && "self".equals(c.attribute("", "rel"))) {
                return c.attribute("", "href");
            }
        }
        return null;
    }

    /**
     * The entry's links as the source stated them, so that the aggregate can republish them (§3.2), and the feed it
     * came from ({@link SourceFeed}).
     */
    private static List<Link> links(Entry e, SourceFeed from) {
        List<Link> out = new ArrayList<>();
        if (from != null) {
            out.add(from.asLink());
        }
        Content content = e.content();
        if (content != null && content.outOfLine()) {
            Map<String, String> a = new LinkedHashMap<>();
            putIfPresent(a, "type", content.type());
            putIfPresent(a, "hash", digestText(content.digests()));
            out.add(new Link("content", content.src(), a));
        }
        for (org.lexsync.core.atom.Link l : e.links().all()) {
            Map<String, String> a = new LinkedHashMap<>();
            putIfPresent(a, "type", l.type());
            putIfPresent(a, "length", l.length() == null ? null : l.length().toString());
            putIfPresent(a, "hash", digestText(l.digests()));
            putIfPresent(a, "isFormatOf", l.isFormatOf());
            out.add(new Link(l.relOrDefault(), l.href(), a));
        }
        return out;
    }

    private static String digestText(Digests d) {
        String s = d.toString();
        return s == null || s.isBlank() ? null : s;
    }

    private static void putIfPresent(Map<String, String> m, String k, String v) {
        if (v != null) {
            m.put(k, v);
        }
    }

    private static Long parseLength(String s) {
        if (s == null) {
            return null;
        }
        try {
            long n = Long.parseLong(s.strip());
            return n >= 0 ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
