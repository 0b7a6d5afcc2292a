package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Element;
import org.lexsync.core.uri.LenientUris;

/**
 * Links as browsers read them (docs/crawlers.md): the attribute's value stripped, characters a URI may not hold
 * (spaces, non-ASCII letters) percent-encoded, resolved against the page's base ({@code <base href>} when it has one,
 * else its URL); {@code javascript:}, {@code mailto:} and every other non-http(s) link is no link.
 */
final class Links {

    private Links() {
    }

    /** The absolute http(s) URL in {@code attribute} of {@code e}, without fragment; null when it has none. */
    static @Nullable URI absolute(Element e, String attribute) {
        String raw = e.attr(attribute).strip();
        if (raw.isEmpty() || raw.startsWith("#")) {
            return null;
        }
        String lower = raw.toLowerCase(Locale.ROOT);
        int colon = lower.indexOf(':');
        if (colon > 0 && !LenientUris.isRelative(raw) && !lower.startsWith("http:") && !lower.startsWith("https:")) {
            return null;
        }
        try {
            String base = e.baseUri();
            URI resolved = base == null || base.isEmpty() ? URI.create(LenientUris.encode(raw))
                    : LenientUris.resolve(URI.create(LenientUris.encode(base)), raw);
            URI u = LenientUris.httpUri(resolved.toString());
            if (u == null) {
                return null;
            }
            return u.getRawFragment() == null ? u : URI.create(u.toString().substring(0, u.toString().indexOf('#')));
        } catch (IllegalArgumentException notAUri) {
            return null;
        }
    }
}
