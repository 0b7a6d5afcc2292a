package org.lexsync.core.atom;

import java.util.ArrayList;
import java.util.List;

/**
 * What a write then read may legitimately change, taken out before comparing: positions (line/column),
 * dates (written canonically) and relative references (written resolved).
 */
final class Normal {
    private Normal() {
    }

    static AtomFeed feed(AtomFeed f) {
        return new AtomFeed(f.id(), f.title(), f.subtitle(), date(f.updated()), f.authors(), links(f.links()),
                f.complete(), f.archive(), f.foreign(), f.lang(), 0, 0);
    }

    static FeedItem item(FeedItem item) {
        return switch (item) {
            case Entry e -> new Entry(e.id(), e.title(), date(e.updated()), date(e.published()), e.authors(),
                    e.summary(), content(e.content()), links(e.links()), e.categories(), e.foreign(), 0, 0);
            case DeletedEntry d -> new DeletedEntry(d.ref(), date(d.when()), d.by(), d.comment(), d.foreign(), 0, 0);
        };
    }

    static List<FeedItem> items(List<FeedItem> items) {
        List<FeedItem> out = new ArrayList<>();
        for (FeedItem i : items) {
            out.add(item(i));
        }
        return out;
    }

    private static AtomDate date(AtomDate d) {
        return d == null || !d.ok() ? d : AtomDate.of(d.value());
    }

    private static Links links(Links links) {
        List<Link> out = new ArrayList<>();
        for (Link l : links.all()) {
            out.add(new Link(l.rel(), l.href(), l.href(), l.type(), l.hreflang(), l.title(), l.length(), l.hash(),
                    l.leMd5(), date(l.modified()), l.attributes()));
        }
        return new Links(out);
    }

    private static Content content(Content c) {
        return c == null ? null : new Content(c.type(), c.src(), c.src(), c.text(), c.elements(), c.hash(), c.leMd5(),
                c.attributes());
    }
}
