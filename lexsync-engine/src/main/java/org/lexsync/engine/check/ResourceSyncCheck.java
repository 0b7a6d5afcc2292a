package org.lexsync.engine.check;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.ChangeType;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.discovery.ResourceSyncDiscovery;

/**
 * Checks a ResourceSync source (ANSI/NISO Z39.99-2014): from the root — a ResourceSync document, or a site whose
 * documents are discovered as the harvester discovers them ({@link ResourceSyncDiscovery}: Link headers, HTML links,
 * {@code /.well-known/resourcesync}, robots.txt; §6.3, §8) — through Capability Lists (§9) to
 * every list, index, dump and manifest reachable, each with the core validator (§7, Appendix A time attributes,
 * capability values, forward order, sizes, manifest paths), adding the rules that span documents: a document has
 * the capability its parent announced, its {@code up} link names the Capability List it was reached from (§9–§13),
 * and — for the sampled resources of Resource and Change Lists — the promised hash and length match the bytes.
 * A Change List entry superseded by a later change of the same resource in the same list is not sampled.
 */
final class ResourceSyncCheck {
    static final String WELL_KNOWN = "rs:6.3/well-known";
    static final String CAPABILITY_MATCH = "rs:9/capability-matches-parent";
    static final String UP_TARGET = "rs:9/up-names-capability-list";
    static final String HASH_MATCH = "rs:7/hash-matches";
    static final String LENGTH_MATCH = "rs:7/length-matches";
    static final String TYPE_MATCH = "rs:7/type-matches";
    static final String INDEX_TIMES = "rs:12.2/from-until-match-index";

    private final CheckRun run;
    private final Set<URI> visited = new HashSet<>();
    private final Deque<Node> queue = new ArrayDeque<>();
    /** Dump packages to open once the documents are read (sampled: each counts against --sample). */
    private final java.util.List<URI> packages = new java.util.ArrayList<>();

    /** A document to read: the capability its parent announced (null at the root) and the Capability List above. */
    private record Node(URI url, Capability expected, URI capabilityList, String referrer, RsMetadata announced) {
        Node(URI url, Capability expected, URI capabilityList, String referrer) {
            this(url, expected, capabilityList, referrer, null);
        }
    }

    private ResourceSyncCheck(CheckRun run) {
        this.run = run;
        run.tally.checked(CAPABILITY_MATCH, Severity.ERROR,
                "each document has the capability its parent announced (§8, §9, §10.2, §12.2)");
        run.tally.checked(UP_TARGET, Severity.ERROR,
                "the rel=\"up\" link of a list, dump or index names the Capability List it belongs to (§9–§13)");
        run.tally.checked(HASH_MATCH, Severity.ERROR, "a sampled resource's bytes match its promised hash (§7)");
        run.tally.checked(LENGTH_MATCH, Severity.ERROR, "a sampled resource's bytes match its promised length (§7)");
        run.tally.checked(TYPE_MATCH, Severity.WARNING, "a sampled resource is served with its promised type (§7)");
        DumpPackageCheck.announce(run.tally);
        run.tally.checked(INDEX_TIMES, Severity.ERROR,
                "a list's from/until are those its index entry announces (§12.2, Appendix A)");
        run.tally.checked(org.lexsync.core.sitemap.SitemapSchemas.RULE, Severity.ERROR,
                "every document is valid against the Sitemap and ResourceSync schemas (sitemaps.org; §7, Table 3)");
    }

    static boolean check(CheckRun run, URI root) {
        return new ResourceSyncCheck(run).walk(root);
    }

    private boolean walk(URI root) {
        if (!discover(root)) {
            return false;
        }
        while (!queue.isEmpty() && !run.full()) {
            read(queue.poll());
        }
        for (URI pkg : packages) {
            if (!run.maySample()) {
                break;
            }
            DumpPackageCheck.check(run, pkg, null);
        }
        return true;
    }

    /**
     * Finds and reads the documents to start from exactly as the harvester does ({@link ResourceSyncDiscovery}, §6.3):
     * the root itself, its Link headers and HTML links, then {@code /.well-known/resourcesync} — also when the root
     * cannot be fetched (a site root answering 403) — then robots.txt. False when none of them gave a document, with
     * one finding: the root's own (a body that is not XML), else one naming every place tried.
     */
    private boolean discover(URI root) {
        List<String> tried = new ArrayList<>();
        boolean[] found = {false};
        boolean[] rootReported = {false};
        URI wellKnown = ResourceSyncDiscovery.wellKnown(root);
        ResourceSyncDiscovery.discover(root, new ResourceSyncDiscovery.Reader<CheckRun.Fetched>() {
            @Override
            public Optional<CheckRun.Fetched> fetch(URI url) {
                return visited.contains(url) ? Optional.empty() : run.place(url, tried::add);
            }

            @Override
            public void read(URI requested, CheckRun.Fetched f) {
                if (!visited.add(requested)) {
                    return;
                }
                boolean atRoot = requested.equals(root);
                Node node;
                if (!atRoot && requested.equals(wellKnown)) {
                    run.tally.checked(WELL_KNOWN, Severity.ERROR,
                            "a Source Description at /.well-known/resourcesync (§6.3)");
                    node = new Node(wellKnown, Capability.DESCRIPTION, null, root.toString());
                } else {
                    node = new Node(requested, null, null, atRoot ? null : root.toString());
                }
                try {
                    ListScan scan = new ListScan();
                    SitemapHeader header = SitemapDocument.read(run, f, true,
                            (h, e) -> entry(node, f.url(), h, e, scan));
                    judge(node, f.url().toString(), header);
                    scan.sample(run, f.url().toString());
                    found[0] |= atRoot || header.capability() != null;
                } catch (XmlDocumentException e) {
                    if (atRoot && sitePage(root, f.contentType()) && e.reason() != XmlDocumentException.Reason.IO) {
                        tried.add(root + ": a site's page, not a ResourceSync document");
                    } else {
                        run.unreadable(e, requested.toString());
                        rootReported[0] |= atRoot;
                    }
                }
            }

            @Override
            public boolean found() {
                return found[0];
            }

            @Override
            public void note(String what) {
                tried.add(what);
            }
        });
        if (!found[0] && !rootReported[0]) { // an unreadable root document is already its own finding
            run.tally.error(CheckRun.FETCH, root.toString(), 0, 0, null, "no ResourceSync document found from "
                    + root + " (ResourceSync §6.3): " + String.join("; ", tried));
        }
        return found[0];
    }

    /** Reads one document the walk reached. */
    private void read(Node node) {
        if (!visited.add(node.url())) {
            return;
        }
        Optional<CheckRun.Fetched> doc = run.document(node.url(), node.referrer());
        if (doc.isEmpty()) {
            return;
        }
        try (CheckRun.Fetched f = doc.get()) {
            ListScan scan = new ListScan();
            SitemapHeader header = SitemapDocument.read(run, f, true, (h, e) -> entry(node, f.url(), h, e, scan));
            judge(node, f.url().toString(), header);
            scan.sample(run, f.url().toString());
        } catch (XmlDocumentException e) {
            run.unreadable(e, node.url().toString());
        }
    }

    /** A root that is a site rather than a document: an HTML page, or the site's root path. */
    private static boolean sitePage(URI url, String contentType) {
        String path = url.getPath();
        return path == null || path.isEmpty() || path.equals("/")
                || contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).contains("html");
    }

    private void judge(Node node, String document, SitemapHeader header) {
        Capability found = header.capability();
        if (node.expected() != null && found != null && found != node.expected()) {
            run.tally.add(Severity.ERROR, CAPABILITY_MATCH, new org.lexsync.engine.model.CheckExample(document,
                    header.line(), header.column(), null, "capability differs from what " + node.referrer()
                    + " announced", node.expected().token(), found.token()));
        }
        if (node.announced() != null && header.md() != null) {
            sameTime("from", node.announced().from(), header.md().from(), node, document, header);
            sameTime("until", node.announced().until(), header.md().until(), node, document, header);
        }
        RsLink up = header.link("up");
        if (up != null && up.href() != null && node.capabilityList() != null && found != Capability.CAPABILITYLIST) {
            URI target = resolve(URI.create(document), up.href());
            if (target != null && !target.equals(node.capabilityList())) {
                run.tally.add(Severity.ERROR, UP_TARGET, new org.lexsync.engine.model.CheckExample(document,
                        header.line(), header.column(), null, "rel=\"up\" does not name the Capability List this "
                        + "document was reached from", up.href(), node.capabilityList().toString()));
            }
        }
    }

    private void entry(Node node, URI base, SitemapHeader header, SitemapEntry e, ListScan scan) {
        Capability capability = header.capability();
        if (capability == null || e.loc() == null) {
            return;
        }
        URI loc = resolve(base, e.loc());
        if (loc == null) {
            return; // the validator reports a loc that is not a URL
        }
        String document = base.toString();
        RsMetadata md = e.mdOrEmpty();
        if (header.isIndex()) {
            queue.add(new Node(loc, capability, node.capabilityList(), document, e.md()));
            return;
        }
        switch (capability) {
            case DESCRIPTION -> queue.add(new Node(loc, Capability.CAPABILITYLIST, null, document));
            case CAPABILITYLIST -> {
                Capability child = md.capabilityValue();
                if (child != null) {
                    queue.add(new Node(loc, child, base, document));
                }
            }
            case RESOURCELIST, CHANGELIST -> scan.add(loc, e, md, document);
            case RESOURCEDUMP, CHANGEDUMP -> {
                if (run.maySample()) {
                    packages.add(loc);
                }
            }
            default -> {
                // manifests are read inside their packages (DumpPackageCheck)
            }
        }
    }

    /** §12.2, §13.1, Appendix A: an index entry's from/until announce the child list's own. */
    private void sameTime(String name, org.lexsync.core.time.W3cDateTime announced,
                          org.lexsync.core.time.W3cDateTime own, Node node, String document, SitemapHeader header) {
        if (announced == null || own == null || announced.toInstant().equals(own.toInstant())) {
            return;
        }
        run.tally.add(Severity.ERROR, INDEX_TIMES, new org.lexsync.engine.model.CheckExample(document, header.line(),
                header.column(), null, name + " differs from what the index " + node.referrer() + " announced",
                announced.toString(), own.toString()));
    }

    static URI resolve(URI base, String href) {
        try {
            return base.resolve(href.strip());
        } catch (IllegalArgumentException ex) {
            return null;
        }
    }

    /**
     * The resources of one Resource or Change List to sample: the last change of each resource (a change that a
     * later one of the same resource supersedes is not fetched by the harvester either), never deletions.
     */
    private static final class ListScan {
        private final java.util.LinkedHashMap<URI, Candidate> latest = new java.util.LinkedHashMap<>();

        private record Candidate(URI url, SitemapEntry entry, RsMetadata md) {
        }

        void add(URI loc, SitemapEntry e, RsMetadata md, String document) {
            latest.remove(loc);
            latest.put(loc, new Candidate(loc, e, md));
            if (latest.size() > 100_000) { // bound memory: keep sampling candidates from the head only
                latest.pollLastEntry();
            }
        }

        void sample(CheckRun run, String document) {
            for (Candidate c : latest.values()) {
                if (!run.maySample()) {
                    return;
                }
                if (c.md().changeType() == ChangeType.DELETED
                        || c.md().hash().isEmpty() && c.md().length() == null && c.md().type() == null) {
                    continue;
                }
                run.sample(c.url(), document, c.entry().line(), c.entry().column(), c.url().toString(),
                        c.md().hash(), c.md().length(), c.md().type(), HASH_MATCH, LENGTH_MATCH, TYPE_MATCH);
            }
        }
    }

}
