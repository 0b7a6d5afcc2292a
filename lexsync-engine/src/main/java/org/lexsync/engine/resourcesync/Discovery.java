package org.lexsync.engine.resourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.discovery.ResourceSyncDiscovery;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * Finds a source's Capability Lists from any starting URL (ResourceSync §6.3) in the order the checker uses too
 * ({@link ResourceSyncDiscovery}): the URL itself when it is a Source Description, a Capability List or any
 * capability document (climbing its {@code up} links, §6.2); every {@code rel="resourcesync"} target of the
 * response's HTTP {@code Link} headers and of an HTML page's {@code <link>} elements (§6.3.3); then the well-known
 * URI {@code /.well-known/resourcesync} (§6.3.2); then the {@code Sitemap:} lines of robots.txt (§6.3.4).
 */
final class Discovery {
    /** Up links followed at most this many times from one document (§6.2: resource list → capability list → description). */
    private static final int MAX_CLIMB = 4;

    private final SourceDocuments docs;
    private final List<String> notes = new ArrayList<>();
    /** The start document when it is a list, as a set of its own, for when its up links lead nowhere. */
    private CapabilitySet orphan;
    private URI start;
    private URI orphanList;

    Discovery(SourceDocuments docs) {
        this.docs = docs;
    }

    /** What discovery tried, in words, for error messages. */
    List<String> notes() {
        return notes;
    }

    /**
     * The Capability Lists reachable from {@code start}, in the order found, each once.
     *
     * @throws SourceUnreadableException when none can be found
     */
    List<CapabilitySet> discover(URI start) {
        this.start = start;
        Map<URI, CapabilitySet> sets = new LinkedHashMap<>();
        int[] status = {0};
        ResourceSyncDiscovery.discover(start, new ResourceSyncDiscovery.Reader<SourceDocuments.Download>() {
            @Override
            public Optional<SourceDocuments.Download> fetch(URI url) {
                try {
                    return Optional.of(docs.fetch(url));
                } catch (SourceUnreadableException e) {
                    if (url.equals(start)) {
                        status[0] = e.status();
                    }
                    notes.add(e.attempt());
                    return Optional.empty();
                }
            }

            @Override
            public void read(URI requested, SourceDocuments.Download d) {
                try {
                    readDocument(d, sets, 0);
                } catch (SourceUnreadableException e) {
                    notes.add(e.attempt());
                } catch (XmlDocumentException e) {
                    notes.add(e.getMessage());
                }
            }

            @Override
            public boolean found() {
                return !sets.isEmpty();
            }

            @Override
            public void note(String what) {
                notes.add(what);
            }

            @Override
            public boolean isHtmlPage(SourceDocuments.Download d) {
                return isHtml(d);
            }
        });
        Map<URI, CapabilitySet> found = orphan != null ? adopt(orphan, sets) : sets;
        if (found.isEmpty()) {
            throw new SourceUnreadableException(start, status[0], "no ResourceSync Capability List found (ResourceSync §6.3); "
                    + String.join("; ", notes));
        }
        return List.copyOf(found.values());
    }

    /**
     * The sets for a start document that is a list without a usable {@code up} link (§6.2): the discovered sets
     * that offer that very list, or else the list alone as a set of its own (a human would sync what was given),
     * with a finding.
     */
    private Map<URI, CapabilitySet> adopt(CapabilitySet given, Map<URI, CapabilitySet> found) {
        URI list = given.capabilities().values().iterator().next();
        Map<URI, CapabilitySet> offering = new LinkedHashMap<>();
        for (CapabilitySet set : found.values()) {
            if (set.capabilities().containsValue(list) || set.capabilities().containsValue(orphanList)) {
                offering.put(set.uri(), set);
            }
        }
        if (!offering.isEmpty()) {
            return offering;
        }
        Capability c = given.capabilities().keySet().iterator().next();
        docs.findings().warning("rs:6.2/up", String.format(Locale.ROOT,
                "%s (%s) links to no Capability List that could be read; synced as a set of its own", orphanList,
                c.token()), 0, 0);
        Map<URI, CapabilitySet> alone = new LinkedHashMap<>();
        alone.put(given.uri(), given);
        return alone;
    }

    /** Reads one Capability List given by the user (e.g. {@code --capability-list}). */
    CapabilitySet capabilityList(URI uri) {
        Map<URI, CapabilitySet> found = new LinkedHashMap<>();
        try {
            readAny(uri, found, MAX_CLIMB);
        } catch (SourceUnreadableException e) {
            throw uri.equals(e.url()) ? e : new SourceUnreadableException(uri, e.status(), e.getMessage(), e);
        }
        if (found.isEmpty()) {
            throw new SourceUnreadableException(uri, 0, "not a ResourceSync Capability List (ResourceSync §9)");
        }
        return found.values().iterator().next();
    }

    private void tryRead(URI uri, Map<URI, CapabilitySet> found, int depth) {
        try {
            readAny(uri, found, depth);
        } catch (SourceUnreadableException e) {
            notes.add(e.attempt());
        } catch (XmlDocumentException e) {
            notes.add(e.getMessage());
        }
    }

    private void readAny(URI uri, Map<URI, CapabilitySet> found, int depth) {
        if (found.containsKey(uri)) {
            return;
        }
        try (SourceDocuments.Download d = docs.fetch(uri)) {
            readDocument(d, found, depth);
        }
    }

    private void readDocument(SourceDocuments.Download d, Map<URI, CapabilitySet> found, int depth) {
        URI base = d.url();
        SitemapHeader header;
        List<SitemapEntry> entries = new ArrayList<>();
        Capability capability;
        try (InputStream in = Files.newInputStream(d.file());
             var reader = org.lexsync.core.sitemap.SitemapReader.open(in, base.toString(), docs.limits())) {
            header = reader.header();
            capability = header.capability();
            if (capability == Capability.DESCRIPTION || capability == Capability.CAPABILITYLIST) {
                while (reader.hasNext()) {
                    entries.add(reader.next());
                }
                docs.collect(reader);
            }
        } catch (IOException e) {
            throw new SourceUnreadableException(base, 0, e.toString());
        } catch (XmlDocumentException e) {
            notes.add(e.getMessage());
            return;
        }
        if (capability == null) {
            notes.add(base + " is not a ResourceSync document (no rs:md capability, §7)");
            return;
        }
        switch (capability) {
            case DESCRIPTION -> {
                for (SitemapEntry e : entries) {
                    if (e.loc() == null) {
                        continue;
                    }
                    Capability c = e.md() == null ? null : e.md().capabilityValue();
                    if (c != null && c != Capability.CAPABILITYLIST) {
                        docs.findings().warning("rs:8/capabilitylist", String.format(Locale.ROOT,
                                "%s: Source Description entry %s has capability '%s', not capabilitylist", base,
                                e.loc(), e.md().capability()), e.line(), e.column());
                    }
                    URI target = EntryRepair.absolute(e.loc(), d.finalUrl());
                    if (target == null) {
                        notes.add(base + ": <loc> '" + e.loc() + "' is not a URI");
                    } else if (depth < MAX_CLIMB) {
                        tryRead(target, found, depth + 1);
                    }
                }
            }
            case CAPABILITYLIST -> found.putIfAbsent(base, capabilitySet(base, d.finalUrl(), entries));
            default -> {
                boolean given = base.equals(start) && orphan == null && (capability == Capability.RESOURCELIST
                        || capability == Capability.CHANGELIST || capability == Capability.RESOURCEDUMP
                        || capability == Capability.CHANGEDUMP);
                int before = found.size();
                RsLink up = header.link("up");
                try {
                    if (up == null || up.href() == null) {
                        notes.add(base + " (" + capability.token() + ") has no up link to its Capability List (§6.2)");
                    } else if (depth >= MAX_CLIMB) {
                        notes.add(base + ": too many up links");
                    } else {
                        URI target = EntryRepair.absolute(up.href(), d.finalUrl());
                        if (target == null) {
                            notes.add(base + ": up link '" + up.href() + "' is not a URI");
                        } else {
                            readAny(target, found, depth + 1);
                        }
                    }
                } catch (SourceUnreadableException e) {
                    notes.add(e.attempt());
                }
                if (given && found.size() == before) {
                    // climbing found no set: remember the list itself (and its index) for adopt()
                    RsLink index = header.link("index");
                    URI indexUri = index == null || index.href() == null ? null
                            : EntryRepair.absolute(index.href(), d.finalUrl());
                    Map<Capability, URI> caps = new EnumMap<>(Capability.class);
                    caps.put(capability, indexUri != null ? indexUri : base);
                    orphan = new CapabilitySet(base, caps);
                    orphanList = base;
                }
            }
        }
    }

    private CapabilitySet capabilitySet(URI base, URI resolveAgainst, List<SitemapEntry> entries) {
        Map<Capability, URI> caps = new EnumMap<>(Capability.class);
        for (SitemapEntry e : entries) {
            Capability c = e.md() == null ? null : e.md().capabilityValue();
            if (e.loc() == null || c == null) {
                continue;
            }
            URI target = EntryRepair.absolute(e.loc(), resolveAgainst);
            if (target == null) {
                docs.findings().error("rs:9/loc", String.format(Locale.ROOT, "%s: <loc> '%s' is not a URI; skipped",
                        base, e.loc()), e.line(), e.column());
                continue;
            }
            if (caps.putIfAbsent(c, target) != null) {
                docs.findings().error("rs:9/one-entry-per-capability", String.format(Locale.ROOT,
                        "%s lists %s more than once; the first (%s) is used", base, c.token(), caps.get(c)),
                        e.line(), e.column());
            }
        }
        return new CapabilitySet(base, caps);
    }

    /**
     * True for an HTML page to look for {@code <link>} elements in: served as HTML and not, by its first bytes, a
     * Sitemap document that a misconfigured server labels {@code text/html}.
     */
    private boolean isHtml(SourceDocuments.Download d) {
        String type = d.contentType() == null ? "" : d.contentType().toLowerCase(Locale.ROOT);
        if (!type.startsWith("text/html") && !type.startsWith("application/xhtml")) {
            return false;
        }
        if (ResourceSyncDiscovery.sitemapServedAsHtml(d)) {
            docs.findings().warning("rs:7/media-type", String.format(Locale.ROOT,
                    "%s is a Sitemap document served as %s; read as XML", d.url(), d.contentType()), 0, 0);
            return false;
        }
        return true;
    }
}
