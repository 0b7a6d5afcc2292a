package org.lexsync.core.atom;

import java.util.List;
import java.util.Objects;
import org.lexsync.core.xml.XmlElement;

/**
 * The feed-level metadata of an Atom feed document (RFC 4287 §4.1.1): everything but the entries and
 * tombstones, with the RFC 5005 markers {@code fh:complete} (§2) and {@code fh:archive} (§4). Elements not
 * modelled here (atom:generator, atom:icon, atom:rights, extension elements …) are kept in {@code foreign}.
 * Any field may be null: readers are lenient, the validator reports what is missing.
 */
public record AtomFeed(String id, AtomText title, AtomText subtitle, AtomDate updated, List<Person> authors,
                       Links links, boolean complete, boolean archive, List<XmlElement> foreign, String lang,
                       int line, int column) {

    /** The header of a standalone entry document (RFC 4287 §4.1.2), which has no feed. */
    public static final AtomFeed NONE = new AtomFeed(null, null, null, null, List.of(), Links.NONE, false, false,
            List.of(), null, 0, 0);

    public AtomFeed {
        authors = authors == null || authors.isEmpty() ? List.of() : List.copyOf(authors);
        links = Objects.requireNonNullElse(links, Links.NONE);
        foreign = foreign == null || foreign.isEmpty() ? List.of() : List.copyOf(foreign);
    }

    /** A minimal header: id, title, updated and one author. */
    public static AtomFeed of(String id, String title, AtomDate updated, Person author) {
        return new AtomFeed(id, AtomText.of(title), null, updated, author == null ? List.of() : List.of(author),
                Links.NONE, false, false, List.of(), null, 0, 0);
    }

    /** The first foreign element with this name, or null. */
    public XmlElement foreign(String namespace, String localName) {
        for (XmlElement e : foreign) {
            if (e.namespace().equals(namespace) && e.localName().equals(localName)) {
                return e;
            }
        }
        return null;
    }
}
