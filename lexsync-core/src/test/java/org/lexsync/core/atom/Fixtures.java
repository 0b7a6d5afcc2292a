package org.lexsync.core.atom;

import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.core.xml.XmlLimits;

/** Opens the fixture files under src/test/resources/org/lexsync/core/atom/. */
final class Fixtures {
    private Fixtures() {
    }

    static InputStream stream(String name) {
        InputStream in = Fixtures.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalArgumentException("no fixture " + name);
        }
        return in;
    }

    static byte[] bytes(String name) {
        try (InputStream in = stream(name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AtomReader open(String name, String url) {
        return AtomReader.open(stream(name), url);
    }

    static AtomReader open(String name, String url, XmlLimits limits) {
        return AtomReader.open(stream(name), url, limits);
    }

    /** A fully read document: header, items, trailer, reader findings. */
    record Doc(AtomFeed feed, List<FeedItem> items, AtomFeed trailer, AtomReader reader) {
        Entry entry(int i) {
            return (Entry) items.get(i);
        }
    }

    static Doc read(String name, String url) {
        try (AtomReader r = open(name, url)) {
            AtomFeed feed = r.feed();
            List<FeedItem> items = new ArrayList<>();
            while (r.hasNext()) {
                items.add(r.next());
            }
            return new Doc(feed, items, r.trailer(), r);
        }
    }
}
