package org.lexsync.core.inspect;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.XmlLimits;

/** Streams an Atom feed or entry document through the reader and the chosen profile's validator. */
final class AtomInspection {
    private AtomInspection() {
    }

    static Inspection inspect(Path file, String document, XmlLimits limits, AtomValidator.Profile profile) {
        try (AtomReader r = AtomReader.open(RootElement.open(file, document), document, limits)) {
            AtomValidator validator = new AtomValidator(profile);
            AtomFeed feed = r.feed();
            validator.header(feed);
            long entries = 0;
            long tombstones = 0;
            while (r.hasNext()) {
                FeedItem item = r.next();
                validator.item(item);
                if (item instanceof DeletedEntry) {
                    tombstones++;
                } else {
                    entries++;
                }
            }
            AtomFeed complete = r.trailer();
            validator.header(complete);
            Findings findings = new Findings();
            findings.addAll(r.findings());
            findings.addAll(validator.finish());
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("entries", entries);
            counts.put("tombstones", tombstones);
            return new Inspection(document, kind(r.entryDocument(), complete), entries + tombstones, counts,
                    attributes(complete, profile), findings);
        }
    }

    private static String kind(boolean entryDocument, AtomFeed feed) {
        if (entryDocument) {
            return "atom entry";
        }
        if (feed.archive()) {
            return "atom feed (archive)";
        }
        if (feed.complete()) {
            return "atom feed (complete)";
        }
        if (feed.links().prevArchive().isPresent()) {
            return "atom feed (subscription, archived)";
        }
        return "atom feed";
    }

    private static Map<String, String> attributes(AtomFeed feed, AtomValidator.Profile profile) {
        Map<String, String> a = new LinkedHashMap<>();
        Inspector.put(a, "id", feed.id());
        Inspector.put(a, "updated", feed.updated() == null ? null : feed.updated().raw());
        feed.links().all().forEach(l -> Inspector.put(a, "link " + l.rel(), l.href()));
        a.put("profile", profile.name().toLowerCase(java.util.Locale.ROOT));
        return a;
    }
}
