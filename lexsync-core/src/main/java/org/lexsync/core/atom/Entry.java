package org.lexsync.core.atom;

import java.util.List;
import java.util.Objects;
import org.lexsync.core.xml.XmlElement;

/**
 * An atom:entry (RFC 4287 §4.1.2) with the parts LexSync uses; elements it does not model (atom:rights,
 * atom:contributor, atom:source and every extension element) are kept in {@code foreign}. Any field may
 * be null when the document lacks it: readers are lenient, the validator reports what is missing.
 */
public record Entry(String id, AtomText title, AtomDate updated, AtomDate published, List<Person> authors,
                    AtomText summary, Content content, Links links, List<Category> categories,
                    List<XmlElement> foreign, int line, int column) implements FeedItem {

    public Entry {
        authors = authors == null || authors.isEmpty() ? List.of() : List.copyOf(authors);
        links = Objects.requireNonNullElse(links, Links.NONE);
        categories = categories == null || categories.isEmpty() ? List.of() : List.copyOf(categories);
        foreign = foreign == null || foreign.isEmpty() ? List.of() : List.copyOf(foreign);
    }

    @Override
    public AtomDate timestamp() {
        return updated;
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
