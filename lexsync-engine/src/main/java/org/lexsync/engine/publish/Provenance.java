package org.lexsync.engine.publish;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.SourceFeed;

/**
 * The provenance every published item carries (rinfo §3.2: the aggregate gives entries new timestamps and keeps the
 * original ones; rinfo §8.1: it "must keep each entry's original updated and expose its own new timestamp"): an
 * extension element {@code lx:provenance} with the source id (and the resource URI when the item's id is another),
 * the journal sequence number, the kind of change, the source's original timestamp and our collection time.
 * Children, not attributes, so that their order is fixed.
 */
final class Provenance {
    static final String NS = "https://lexsync.org/ns/provenance/1.0";
    private static final String PREFIX = "lx";
    private static final QName PROVENANCE = new QName(NS, "provenance", PREFIX);
    private static final QName SOURCE = new QName(NS, "source", PREFIX);
    private static final QName SEQ = new QName(NS, "seq", PREFIX);
    private static final QName CHANGE = new QName(NS, "change", PREFIX);
    private static final QName ORIGINAL_UPDATED = new QName(NS, "original-updated", PREFIX);
    private static final QName COLLECTED = new QName(NS, "collected", PREFIX);

    private Provenance() {
    }

    /**
     * The provenance of one row; {@code resource} is the resource URI when the item's id is not that URI (a second
     * source's copy of a URI in the aggregate, {@link EntryIds}), else null.
     */
    static XmlElement of(JournalEntry e, @Nullable String resource) {
        List<XmlElement> children = new ArrayList<>(6);
        children.add(leaf("source", e.sourceId()));
        if (resource != null) {
            children.add(leaf("resource", resource));
        }
        children.add(leaf("seq", Long.toString(e.seq())));
        children.add(leaf("change", e.kind().token()));
        if (e.sourceTimestamp() != null) {
            children.add(leaf("original-updated", e.sourceTimestamp().toString()));
        }
        children.add(leaf("collected", InstantText.of(e.collected())));
        return new XmlElement(PROVENANCE, Map.of(), null, children);
    }

    /**
     * An {@code atom:source} naming the feed the item came from (RFC 4287 §4.2.11: the source feed's id, title,
     * updated and links). No author: the entry's author would then be the source's (§4.1.2), and the aggregate's
     * author is the mailbox its consumers report errors to (rinfo §3.1.4).
     */
    static XmlElement atomSource(SourceFeed feed) {
        List<XmlElement> children = new ArrayList<>(4);
        children.add(XmlElement.of(new QName(AtomNs.ATOM, "id", ""), feed.id()));
        if (feed.title() != null) {
            children.add(XmlElement.of(new QName(AtomNs.ATOM, "title", ""), feed.title()));
        }
        if (feed.updated() != null) {
            children.add(XmlElement.of(new QName(AtomNs.ATOM, "updated", ""), feed.updated()));
        }
        if (feed.url() != null) {
            children.add(new XmlElement(new QName(AtomNs.ATOM, "link", ""),
                    Map.of(new QName("", "rel"), "self", new QName("", "href"), feed.url()), null, List.of()));
        }
        return new XmlElement(new QName(AtomNs.ATOM, "source", ""), Map.of(), null, children);
    }

    private static XmlElement leaf(String name, String text) {
        return XmlElement.of(switch (name) {
            case "source" -> SOURCE;
            case "seq" -> SEQ;
            case "change" -> CHANGE;
            case "original-updated" -> ORIGINAL_UPDATED;
            case "collected" -> COLLECTED;
            default -> new QName(NS, name, PREFIX);
        }, text);
    }
}
