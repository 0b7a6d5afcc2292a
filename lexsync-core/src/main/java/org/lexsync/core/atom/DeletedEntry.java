package org.lexsync.core.atom;

import java.util.List;
import org.lexsync.core.xml.XmlElement;

/**
 * An RFC 6721 tombstone, {@code at:deleted-entry}: the entry {@code ref} was deleted at {@code when}, by
 * {@code by} (at:by), with an optional at:comment. The rinfo profile uses them to withdraw wrongly
 * published entries (rinfo §4.2). Other children are kept in {@code foreign}.
 */
public record DeletedEntry(String ref, AtomDate when, Person by, String comment, List<XmlElement> foreign,
                           int line, int column) implements FeedItem {

    public DeletedEntry {
        foreign = foreign == null || foreign.isEmpty() ? List.of() : List.copyOf(foreign);
    }

    /** A tombstone with only {@code ref} and {@code when}. */
    public static DeletedEntry of(String ref, AtomDate when) {
        return new DeletedEntry(ref, when, null, null, List.of(), 0, 0);
    }

    @Override
    public String id() {
        return ref;
    }

    @Override
    public AtomDate timestamp() {
        return when;
    }
}
