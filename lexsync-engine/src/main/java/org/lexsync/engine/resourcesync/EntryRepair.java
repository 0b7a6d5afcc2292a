package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.core.uri.LenientUris;

/**
 * Recovers what a human reader would from an entry of a document written by another publisher, before it is
 * planned, and records each repair as a finding (ResourceSync §7): a relative {@code loc} or {@code rs:ln href}
 * is resolved against the document's URL (after redirects, RFC 3986 §5.1.3); characters a URI may not hold
 * (spaces, non-ASCII) are percent-encoded as UTF-8 (RFC 3987 §3.1) so the resource can be fetched and always
 * has the same identity; {@code lastmod} deviations from the W3C Datetime profile are reported; a digest that
 * is not hex and a {@code hash} with no algorithm the destination can verify are reported (the resource is
 * then stored unverified).
 */
final class EntryRepair {
    private final Findings findings;

    EntryRepair(Findings findings) {
        this.findings = findings;
    }

    /**
     * The entry with an absolute, fetchable {@code loc} and link targets; the same entry when
     * nothing needed repair. {@code document} names the document in findings; {@code base} resolves references.
     */
    SitemapEntry repair(SitemapEntry e, URI document, URI base) {
        SitemapEntry out = e;
        if (e.loc() != null && !e.loc().isEmpty()) {
            String loc = reference(e.loc(), "<loc>", document, base, e);
            if (loc != null && !loc.equals(e.loc())) {
                out = new SitemapEntry(loc, e.lastmod(), e.lastmodText(), e.changefreq(), e.priority(), e.md(),
                        e.links(), e.foreign(), e.line(), e.column());
            }
        }
        if (e.lastmodText() != null) {
            lastmod(e, document);
        }
        if (e.md() != null && !e.md().hash().isEmpty()) {
            digests(e.md().hash(), e, document);
        }
        if (!e.links().isEmpty()) {
            List<RsLink> links = null;
            for (int i = 0; i < e.links().size(); i++) {
                RsLink l = e.links().get(i);
                if (l.href() == null) {
                    continue;
                }
                String href = reference(l.href(), "rs:ln href", document, base, e);
                if (href != null && !href.equals(l.href())) {
                    if (links == null) {
                        links = new ArrayList<>(e.links());
                    }
                    links.set(i, new RsLink(l.rel(), href, l.pri(), l.type(), l.length(), l.hash(), l.modified(),
                            l.path(), l.encoding(), l.otherAttributes()));
                }
            }
            if (links != null) {
                out = out.withLinks(links);
            }
        }
        return out;
    }

    /**
     * A URI reference as an absolute, percent-encoded URI, without findings (for indexes and pre-scans whose
     * entries are reported when planned); null when it is not a URI reference at all.
     */
    static URI absolute(String reference, URI base) {
        try {
            return LenientUris.resolve(base, reference);
        } catch (IllegalArgumentException bad) {
            return null;
        }
    }

    /** The absolute, encoded form of one reference, with findings; the reference as written when unusable. */
    private String reference(String written, String what, URI document, URI base, SitemapEntry e) {
        String stripped = written.strip();
        String encoded = LenientUris.encode(stripped);
        if (!encoded.equals(stripped)) {
            findings.warning("rs:7/loc-encoding", String.format(Locale.ROOT,
                    "%s: %s '%s' holds characters a URI may not (RFC 3986 §2); fetched as %s", document, what,
                    stripped, encoded), e.line(), e.column());
        }
        boolean relative = LenientUris.isRelative(stripped);
        if (!relative && encoded.equals(stripped)) {
            return stripped; // the common case: absolute and clean, parsed once by EntryMapper
        }
        URI resolved;
        try {
            resolved = LenientUris.resolve(base, encoded);
        } catch (IllegalArgumentException bad) {
            return written; // EntryMapper reports it and skips the entry
        }
        if (relative) {
            findings.warning("rs:7/relative-uri", String.format(Locale.ROOT,
                    "%s: %s '%s' is relative (ResourceSync §7 asks for absolute URIs); resolved to %s", document,
                    what, stripped, resolved), e.line(), e.column());
        }
        return resolved.toString();
    }

    private void lastmod(SitemapEntry e, URI document) {
        ParsedDateTime p = W3cDateTimes.parse(e.lastmodText());
        if (!p.ok()) {
            findings.error("rs:7/w3c-datetime", String.format(Locale.ROOT,
                    "%s: lastmod='%s' of %s is not a W3C Datetime (%s); ignored", document, e.lastmodText().strip(),
                    e.loc(), p.error()), e.line(), e.column());
            return;
        }
        for (Deviation d : p.deviations()) {
            if (d == Deviation.SURROUNDING_WHITESPACE) {
                continue;
            }
            findings.warning("rs:7/w3c-datetime", String.format(Locale.ROOT,
                    "%s: lastmod='%s' of %s deviates from W3C Datetime: %s", document, e.lastmodText().strip(),
                    e.loc(), d.description()), e.line(), e.column());
        }
    }

    /** A finding for a digest that cannot match and for a hash whose algorithms are all unknown. */
    private void digests(Digests given, SitemapEntry e, URI document) {
        for (Digest d : given.known().values()) {
            if (!d.wellFormed()) {
                findings.error("rs:7/hash-hex", String.format(Locale.ROOT,
                        "%s: the %s of %s is not a %d-digit hex digest; the resource will fail verification",
                        document, d.algorithm().token(), e.loc(), d.algorithm().hexLength()), e.line(), e.column());
            }
        }
        if (!given.unknownTokens().isEmpty()) {
            boolean none = given.known().isEmpty();
            String message = String.format(Locale.ROOT, "%s: hash of %s names no algorithm the destination knows (%s)%s",
                    document, e.loc(), String.join(" ", given.unknownTokens()),
                    none ? "; stored without verification" : "; the others are verified");
            if (none) {
                findings.warning("rs:7/hash-algorithm", message, e.line(), e.column());
            } else {
                findings.info("rs:7/hash-algorithm", message, e.line(), e.column());
            }
        }
    }
}
