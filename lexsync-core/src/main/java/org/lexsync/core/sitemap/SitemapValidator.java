package org.lexsync.core.sitemap;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.core.uri.Origins;

/**
 * Checks a Sitemap or ResourceSync document against the rules the specs state, as the document streams by:
 * {@link #header} once, {@link #entry} per entry, {@link #finish} at the end. Every rule id cites its source:
 * {@code sitemaps:...} for the sitemaps.org protocol, {@code rs:<section>/...} for ResourceSync Z39.99-2014
 * ({@code rs:A/...} for Appendix A). Errors break a MUST, warnings a SHOULD (messages say when a warning is a
 * best practice rather than a stated rule). Memory stays constant whatever the number of entries.
 */
public final class SitemapValidator {
    /** Sitemaps protocol limits (ResourceSync §7 adopts them). */
    public static final int MAX_ENTRIES = 50_000;
    public static final long MAX_BYTES = 52_428_800L;
    private static final int MAX_LOC_LENGTH = 2048;
    private static final Set<String> CHANGEFREQ =
            Set.of("always", "hourly", "daily", "weekly", "monthly", "yearly", "never");

    private final URI documentUri;
    private final Findings findings = new Findings();
    private SitemapHeader header;
    private boolean resourceSync;
    private Capability capability;
    private boolean index;
    private long entries;
    private W3cDateTime previousTime;
    private final EnumSet<Capability> listedCapabilities = EnumSet.noneOf(Capability.class);

    /** @param documentUri where the document was fetched from, for location rules; may be null */
    public SitemapValidator(URI documentUri) {
        this.documentUri = documentUri;
    }

    /** The findings so far. */
    public Findings findings() {
        return findings;
    }

    /** Checks the header; call once, before the entries. */
    public void header(SitemapHeader h) {
        this.header = h;
        this.index = h.isIndex();
        this.resourceSync = h.isResourceSync() || h.namespaces().containsValue(SitemapNamespaces.RS);
        if (!resourceSync) {
            return;
        }
        int line = h.line();
        int column = h.column();
        RsMetadata md = h.md();
        if (md == null) {
            findings.error("rs:7/root-md", "a ResourceSync document must have an rs:md child of the root", line, column);
        } else if (md.capability() == null) {
            findings.error("rs:7/capability", "the root rs:md must have a capability attribute", line, column);
        } else {
            capability = md.capabilityValue();
            if (capability == null) {
                findings.error("rs:7/capability-value", String.format(Locale.ROOT,
                        "capability '%s' is not a value ResourceSync defines; kept as text", md.capability()), line,
                        column);
            }
        }
        if (md != null) {
            checkTimes(md, line, column);
            checkHash(md.hash(), "rs:md", line, column);
        }
        for (RsLink l : h.links()) {
            checkLink(l, line, column);
        }
        if (capability == null) {
            return;
        }
        checkRootTimes(md, line, column);
        if (capability == Capability.CAPABILITYLIST && index) {
            findings.warning("rs:9/capability-list-index",
                    "Sources should not publish Capability List Indexes for the capabilities of this version (§9)",
                    line, column);
        }
        if (requiresUpLink() && h.link("up") == null) {
            findings.error(upRule(), String.format(Locale.ROOT,
                    "a %s%s must have a root rs:ln with rel=\"up\" pointing to the Capability List%s",
                    capability.token(), index ? " index" : "",
                    capability == Capability.CAPABILITYLIST ? " (here: to the Source Description)" : ""), line,
                    column);
        }
        if ((capability == Capability.DESCRIPTION || capability == Capability.CAPABILITYLIST)
                && h.link("describedby") == null) {
            findings.warning(capability == Capability.DESCRIPTION ? "rs:8/describedby" : "rs:9/describedby",
                    "a root rs:ln with rel=\"describedby\" is recommended", line, column);
        }
    }

    /** Checks one entry. */
    public void entry(SitemapEntry e) {
        if (header == null) {
            throw new IllegalStateException("header(...) must be called before entry(...)");
        }
        entries++;
        int line = e.line();
        int column = e.column();
        if (entries == MAX_ENTRIES + 1) {
            findings.error("sitemaps:limits/entries", String.format(Locale.ROOT,
                    "more than %,d entries in one document; split it and use a sitemap index", MAX_ENTRIES), line,
                    column);
        }
        checkLoc(e.loc(), line, column);
        checkLastmod(e, line, column);
        if (e.changefreq() != null && !CHANGEFREQ.contains(e.changefreq())) {
            findings.error("sitemaps:changefreq/value", String.format(Locale.ROOT,
                    "changefreq '%s' is not one of always, hourly, daily, weekly, monthly, yearly, never",
                    e.changefreq()), line, column);
        }
        if (e.priority() != null && !(e.priority() >= 0.0 && e.priority() <= 1.0)) {
            findings.error("sitemaps:priority/range", String.format(Locale.ROOT,
                    "priority %s is outside 0.0-1.0", e.priority()), line, column);
        }
        if (index && (e.changefreq() != null || e.priority() != null)) {
            findings.error("sitemaps:index/sitemap-children",
                    "a <sitemap> entry of a sitemap index has only <loc> and <lastmod>", line, column);
        }
        if (!resourceSync) {
            return;
        }
        RsMetadata md = e.md();
        if (md != null) {
            checkTimes(md, line, column);
            checkHash(md.hash(), "rs:md", line, column);
            if (md.change() != null && md.changeType() == null) {
                findings.error("rs:7/change-value", String.format(Locale.ROOT,
                        "change '%s' is not created, updated or deleted", md.change()), line, column);
            }
            if (md.capability() != null && md.capabilityValue() == null) {
                findings.error("rs:7/capability-value", String.format(Locale.ROOT,
                        "capability '%s' is not a value ResourceSync defines; kept as text", md.capability()), line,
                        column);
            }
        }
        for (RsLink l : e.links()) {
            checkLink(l, line, column);
        }
        if (capability != null) {
            checkCapabilityRules(e, md == null ? RsMetadata.EMPTY : md, line, column);
        }
    }

    /**
     * Finishes the document and returns all findings.
     *
     * @param bytesRead uncompressed size of the document in bytes, or a negative value when unknown
     */
    public Findings finish(long bytesRead) {
        if (bytesRead > MAX_BYTES) {
            findings.error("sitemaps:limits/size", String.format(Locale.ROOT,
                    "document is %,d bytes uncompressed, more than the %,d allowed; split it", bytesRead, MAX_BYTES),
                    0, 0);
        }
        return findings;
    }

    private boolean requiresUpLink() {
        // §9 (capability list), §10.1, §10.2, §11.1, §11.2, §12.1, §12.2, §13.2 state a mandatory up link;
        // §13.1 (Change Dump) and the dump indexes do not.
        return switch (capability) {
            case CAPABILITYLIST, RESOURCELIST, CHANGELIST, RESOURCEDUMP_MANIFEST, CHANGEDUMP_MANIFEST -> true;
            case RESOURCEDUMP -> !index;
            default -> false;
        };
    }

    private String upRule() {
        return switch (capability) {
            case CAPABILITYLIST -> "rs:9/up-link";
            case RESOURCELIST -> index ? "rs:10.2/up-link" : "rs:10.1/up-link";
            case RESOURCEDUMP -> "rs:11.1/up-link";
            case RESOURCEDUMP_MANIFEST -> "rs:11.2/up-link";
            case CHANGELIST -> index ? "rs:12.2/up-link" : "rs:12.1/up-link";
            default -> "rs:13.2/up-link";
        };
    }

    /** Appendix A and §7: which time attributes the root rs:md needs or must not use. */
    private void checkRootTimes(RsMetadata md, int line, int column) {
        String doc = capability.token() + (index ? " index" : "");
        if (capability.isSnapshotCapability()) {
            if (md.at() == null) {
                findings.error("rs:A/root-at", String.format(Locale.ROOT,
                        "the root rs:md of a %s must have an at attribute (Appendix A)", doc), line, column);
            }
            if (md.from() != null || md.until() != null) {
                findings.warning("rs:7/root-from-until-not-used", String.format(Locale.ROOT,
                        "from/until are not used for a %s (§7); use at/completed", doc), line, column);
            }
        } else if (capability.isChangeCapability()) {
            if (md.from() == null) {
                findings.error("rs:A/root-from", String.format(Locale.ROOT,
                        "the root rs:md of a %s must have a from attribute (Appendix A)", doc), line, column);
            }
            if (md.at() != null || md.completed() != null) {
                findings.warning("rs:7/root-at-completed-not-used", String.format(Locale.ROOT,
                        "at/completed are not used for a %s (§7); use from/until", doc), line, column);
            }
        }
    }

    private void checkTimes(RsMetadata md, int line, int column) {
        checkUnprefixed(md.otherAttributes(), "rs:md", line, column);
        if (md.at() != null && md.completed() != null && md.completed().isBefore(md.at())) {
            findings.error("rs:7/completed-before-at", "completed is before at", line, column);
        }
        if (md.from() != null && md.until() != null && md.until().isBefore(md.from())) {
            findings.error("rs:7/until-before-from", "until is before from", line, column);
        }
    }

    private void checkCapabilityRules(SitemapEntry e, RsMetadata md, int line, int column) {
        // Appendix A and §7: entry-level time attributes.
        boolean atAllowed = index && capability.isSnapshotCapability() && capability != Capability.RESOURCEDUMP_MANIFEST
                || !index && capability == Capability.RESOURCEDUMP;
        boolean fromAllowed = index && capability.isChangeCapability() && capability != Capability.CHANGEDUMP_MANIFEST
                || !index && capability == Capability.CHANGEDUMP;
        if (!atAllowed && (md.at() != null || md.completed() != null)) {
            findings.warning("rs:7/entry-at-not-used", String.format(Locale.ROOT,
                    "at/completed on entries are only used in Resource List Indexes, Resource Dumps and Resource "
                            + "Dump Indexes (§7, Appendix A), not in a %s", docName()), line, column);
        }
        if (!fromAllowed && (md.from() != null || md.until() != null)) {
            findings.warning("rs:7/entry-from-not-used", String.format(Locale.ROOT,
                    "from/until on entries are only used in Change List Indexes, Change Dumps and Change Dump "
                            + "Indexes (§7, Appendix A), not in a %s", docName()), line, column);
        }
        if (fromAllowed && md.from() == null) {
            findings.warning("rs:A/entry-from", String.format(Locale.ROOT,
                    "an rs:md with a from attribute is recommended on entries of a %s (Appendix A)", docName()), line,
                    column);
        }
        boolean changeDocument = !index && (capability == Capability.CHANGELIST
                || capability == Capability.CHANGEDUMP_MANIFEST);
        if (changeDocument) {
            String section = capability == Capability.CHANGELIST ? "12.1" : "13.2";
            if (e.lastmod() == null && e.lastmodText() == null) {
                findings.error("rs:A/lastmod", String.format(Locale.ROOT,
                        "entries of a %s must have <lastmod> (§%s, Appendix A)", docName(), section), line, column);
            }
            if (md.change() == null) {
                findings.error("rs:" + section + "/change", String.format(Locale.ROOT,
                        "entries of a %s must have rs:md with a change attribute", docName()), line, column);
            }
        } else if (md.change() != null) {
            findings.warning("rs:7/change-not-used", String.format(Locale.ROOT,
                    "the change attribute is used in Change Lists and Change Dump Manifests (§7), not in a %s",
                    docName()), line, column);
        }
        checkOrder(e, md, line, column);
        checkPath(md, line, column);
        if (index) {
            return;
        }
        switch (capability) {
            case CAPABILITYLIST -> {
                Capability c = md.capabilityValue();
                if (md.capability() == null) {
                    findings.error("rs:9/entry-capability",
                            "each Capability List entry must have rs:md with a capability attribute", line, column);
                } else if (c != null && !listedCapabilities.add(c)) {
                    findings.error("rs:9/one-entry-per-capability", String.format(Locale.ROOT,
                            "capability %s is listed more than once; a Capability List has one entry per capability",
                            c.token()), line, column);
                }
            }
            case DESCRIPTION -> {
                if (e.md() != null && !Capability.CAPABILITYLIST.token().equals(md.capability())) {
                    findings.error("rs:8/entry-capability",
                            "an rs:md on a Source Description entry must have capability=\"capabilitylist\"", line,
                            column);
                }
            }
            default -> {
            }
        }
    }

    private void checkOrder(SitemapEntry e, RsMetadata md, int line, int column) {
        String rule;
        boolean must;
        W3cDateTime time;
        if (!index && capability == Capability.CHANGELIST) {
            rule = "rs:12.1/forward-order";
            must = true;
            time = e.changeTime();
        } else if (!index && capability == Capability.CHANGEDUMP_MANIFEST) {
            rule = "rs:13.2/forward-order";
            must = true;
            time = e.changeTime();
        } else if (index && capability == Capability.CHANGELIST) {
            rule = "rs:12.2/forward-order";
            must = true;
            time = md.from() != null ? md.from() : e.lastmod();
        } else if (!index && capability == Capability.CHANGEDUMP) {
            rule = "rs:13.1/forward-order";
            must = false;
            time = md.from() != null ? md.from() : e.lastmod();
        } else {
            return;
        }
        if (time == null) {
            return;
        }
        if (previousTime != null && time.isBefore(previousTime)) {
            String message = String.format(Locale.ROOT,
                    "entries must be in forward chronological order: %s comes after %s", time, previousTime);
            if (must) {
                findings.error(rule, message, line, column);
            } else {
                findings.warning(rule, message.replace("must", "should"), line, column);
            }
        }
        previousTime = time;
    }

    private void checkPath(RsMetadata md, int line, int column) {
        if (index) {
            return;
        }
        if (capability == Capability.RESOURCEDUMP_MANIFEST) {
            if (md.path() == null) {
                findings.error("rs:11.2/path",
                        "Resource Dump Manifest entries must give the bitstream's path in the package (§5.1, §11.2)",
                        line, column);
            }
        } else if (capability == Capability.CHANGEDUMP_MANIFEST) {
            if (md.path() == null && md.changeType() != ChangeType.DELETED) {
                findings.error("rs:13.2/path",
                        "Change Dump Manifest entries other than change=\"deleted\" must have a path attribute", line,
                        column);
            }
        } else if (md.path() != null) {
            findings.warning("rs:7/path-not-used",
                    "the path attribute is only used in Resource Dump and Change Dump Manifests (§7)", line, column);
            return;
        }
        if (capability == Capability.CHANGEDUMP_MANIFEST && md.path() != null && !md.path().startsWith("/")) {
            findings.error("rs:13.2/path-leading-slash", String.format(Locale.ROOT,
                    "path '%s' must be relative to the package root with a leading slash", md.path()), line, column);
        }
    }

    private void checkLink(RsLink l, int line, int column) {
        checkUnprefixed(l.otherAttributes(), "rs:ln", line, column);
        if (l.href() == null || l.href().isEmpty()) {
            findings.error("rs:7/ln-href", "rs:ln must have an href attribute", line, column);
        }
        if (l.rel() == null || l.rel().isEmpty()) {
            findings.error("rs:7/ln-rel", "rs:ln must have a rel attribute", line, column);
        }
        if (l.pri() != null && (l.pri() < 1 || l.pri() > 999_999)) {
            findings.error("rs:7/ln-pri", String.format(Locale.ROOT,
                    "pri %d is outside 1-999999", l.pri()), line, column);
        }
        checkHash(l.hash(), "rs:ln", line, column);
    }

    /** §7: ResourceSync attributes "must not have an XML Namespace prefix". */
    private void checkUnprefixed(Map<QName, String> attributes, String where, int line,
                                 int column) {
        for (QName name : attributes.keySet()) {
            if (SitemapNamespaces.RS.equals(name.getNamespaceURI())) {
                findings.error("rs:7/unprefixed-attributes", String.format(Locale.ROOT,
                        "%s attribute %s:%s must not have a namespace prefix", where, name.getPrefix(),
                        name.getLocalPart()), line, column);
            }
        }
    }

    private void checkHash(Digests hash, String where, int line, int column) {
        if (hash.isEmpty()) {
            return;
        }
        for (Digest d : hash.known().values()) {
            if (!d.wellFormed()) {
                findings.error("rs:7/hash", String.format(Locale.ROOT,
                        "%s hash %s is not a %d-digit hex digest", where, d, d.algorithm().hexLength()), line, column);
            }
        }
        for (String token : hash.unknownTokens()) {
            int colon = token.indexOf(':');
            if (colon <= 0 || colon == token.length() - 1) {
                findings.error("rs:7/hash", String.format(Locale.ROOT,
                        "%s hash token '%s' is not algorithm:hexvalue", where, token), line, column);
            } else {
                findings.warning("rs:7/hash-algorithm", String.format(Locale.ROOT,
                        "%s hash algorithm '%s' is unknown; the digest cannot be verified", where,
                        token.substring(0, colon)), line, column);
            }
        }
    }

    private void checkLoc(String loc, int line, int column) {
        if (loc == null || loc.isEmpty()) {
            findings.error("sitemaps:loc/missing", "entry without <loc>", line, column);
            return;
        }
        if (loc.length() >= MAX_LOC_LENGTH) {
            findings.error("sitemaps:loc/length", String.format(Locale.ROOT,
                    "<loc> is %d characters; it must be less than %d", loc.length(), MAX_LOC_LENGTH), line, column);
        }
        URI uri;
        try {
            uri = new URI(loc);
        } catch (URISyntaxException ex) {
            findings.error("sitemaps:loc/absolute", String.format(Locale.ROOT,
                    "<loc> '%s' is not a valid URL (%s)", loc, ex.getReason()), line, column);
            return;
        }
        if (!uri.isAbsolute()) {
            findings.error("sitemaps:loc/absolute", String.format(Locale.ROOT,
                    "<loc> '%s' is not an absolute URL", loc), line, column);
            return;
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            findings.error("sitemaps:loc/scheme", String.format(Locale.ROOT,
                    "<loc> '%s' does not use http or https", loc), line, column);
            return;
        }
        if (documentUri == null || !documentUri.isAbsolute() || documentUri.getHost() == null) {
            return;
        }
        if (!Origins.sameOrigin(uri, documentUri)) {
            findings.warning("sitemaps:location/host", String.format(Locale.ROOT,
                    "<loc> '%s' is not on the document's protocol and host (%s://%s); only allowed when the other "
                            + "host's robots.txt points to this sitemap (cross-submission)", loc,
                    documentUri.getScheme(), documentUri.getAuthority()), line, column);
        } else if (!resourceSync) {
            String docPath = documentUri.getPath() == null ? "/" : documentUri.getPath();
            String directory = docPath.substring(0, docPath.lastIndexOf('/') + 1);
            String path = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
            if (!path.startsWith(directory)) {
                findings.warning("sitemaps:location/path", String.format(Locale.ROOT,
                        "<loc> '%s' is outside %s, the directory of the sitemap", loc, directory), line, column);
            }
        }
    }

    private void checkLastmod(SitemapEntry e, int line, int column) {
        if (e.lastmodText() == null) {
            return;
        }
        if (e.lastmod() == null) {
            ParsedDateTime p = W3cDateTimes.parse(e.lastmodText());
            findings.error("sitemaps:lastmod/w3c-datetime", String.format(Locale.ROOT,
                    "<lastmod> '%s' is not a W3C Datetime (%s)", e.lastmodText(), p.error()), line, column);
            return;
        }
        if (e.lastmodText().equals(e.lastmod().toString())) {
            return;
        }
        for (Deviation d : W3cDateTimes.parse(e.lastmodText()).deviations()) {
            findings.warning("sitemaps:lastmod/w3c-datetime", String.format(Locale.ROOT,
                    "<lastmod> '%s' deviates from W3C Datetime: %s", e.lastmodText(), d.description()), line,
                    column);
        }
    }

    private String docName() {
        return capability.token() + (index ? " index" : "");
    }
}
