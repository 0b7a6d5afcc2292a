package org.lexsync.engine.eli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.uri.LenientUris;

/**
 * Turns the {@code loc} of a Sitemap entry into the URI to fetch and to key the legal resource by, as a
 * browser would read it (sitemaps.org "XML tag definitions": {@code loc} is a full, escaped URL; ELI Pillar
 * IV §3.2.2 "Provide 'loc' and 'lastmod'"). Characters RFC 3986 does not allow (spaces, non-ASCII letters)
 * are percent-encoded as UTF-8 (RFC 3987 §3.1; existing escapes are kept) and a relative reference is
 * resolved against the Sitemap's URL after redirects (RFC 3986 §5.2); each repair is a finding. A
 * {@code loc} that is no http(s) URL even then is skipped; the {@code SitemapValidator} has reported it.
 * The well-formed case allocates nothing beyond the {@link URI}.
 */
final class LocRepair {
    static final String RELATIVE_RULE = "sitemaps:loc/relative-resolved";
    static final String ENCODING_RULE = "sitemaps:loc/encoded";

    private final URI base;
    private final Findings findings;

    /**
     * @param base     the Sitemap's URL after redirects
     * @param findings where repairs are reported (the document's findings)
     */
    LocRepair(URI base, Findings findings) {
        this.base = base;
        this.findings = findings;
    }

    /** The entry's URI, repaired; null when it has none that can be fetched over http(s). */
    URI eli(SitemapEntry e) {
        String loc = e.loc();
        if (loc == null || loc.isEmpty()) {
            return null;
        }
        String encoded = LenientUris.encode(loc);
        if (!encoded.equals(loc)) {
            findings.warning(ENCODING_RULE, String.format(Locale.ROOT, "<loc> '%s' holds characters a URL must"
                    + " percent-encode (RFC 3986 §2); read as %s", loc, encoded), e.line(), e.column());
        }
        URI uri;
        try {
            uri = new URI(encoded);
        } catch (URISyntaxException ex) {
            return null;
        }
        if (!uri.isAbsolute()) {
            if (base == null) {
                return null;
            }
            uri = base.resolve(uri);
            findings.info(RELATIVE_RULE, String.format(Locale.ROOT, "relative <loc> '%s' resolved against the"
                    + " Sitemap's URL: %s", loc, uri), e.line(), e.column());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null ? uri : null;
    }
}
