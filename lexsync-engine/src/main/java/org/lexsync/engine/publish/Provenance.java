package org.lexsync.engine.publish;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.engine.model.JournalEntry;

/**
 * The provenance every published item carries (rinfo §3.2: the aggregate gives entries new timestamps and keeps the
 * original ones; rinfo §8.1: it "must keep each entry's original updated and expose its own new timestamp"): an
 * extension element {@code lx:provenance} with the source id, the journal sequence number, the kind of change, the
 * source's original timestamp and our collection time. Children, not attributes, so that their order is fixed.
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

    static XmlElement of(JournalEntry e) {
        List<XmlElement> children = new ArrayList<>(5);
        children.add(leaf("source", e.sourceId()));
        children.add(leaf("seq", Long.toString(e.seq())));
        children.add(leaf("change", e.kind().token()));
        if (e.sourceTimestamp() != null) {
            children.add(leaf("original-updated", e.sourceTimestamp().toString()));
        }
        children.add(leaf("collected", InstantText.of(e.collected())));
        return new XmlElement(PROVENANCE, Map.of(), null, children);
    }

    /** An {@code atom:source} naming where the item came from (RFC 4287 §4.2.11): its id and title. */
    static XmlElement atomSource(@Nullable String sourceFeedId, String sourceId) {
        List<XmlElement> children = new ArrayList<>(2);
        if (sourceFeedId != null) {
            children.add(XmlElement.of(new QName(org.lexsync.core.atom.AtomNs.ATOM, "id", ""), sourceFeedId));
        }
        children.add(XmlElement.of(new QName(org.lexsync.core.atom.AtomNs.ATOM, "title", ""), sourceId));
        return new XmlElement(new QName(org.lexsync.core.atom.AtomNs.ATOM, "source", ""), Map.of(), null, children);
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
