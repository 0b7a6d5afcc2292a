package org.lexsync.engine.fetch;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * The cookies of one crawl run (RFC 6265), so that a portal's session — a search form that answers only with
 * the cookie its first page set — works, while no cookie outlives the run or leaks to another source. Cookies
 * are only sent back to the server that set them. Thread-safe.
 */
public final class CookieJar {
    private final CookieManager manager = new CookieManager(null, CookiePolicy.ACCEPT_ORIGINAL_SERVER);

    /** The {@code Cookie} header for a request to {@code url}, or null when no cookie applies. */
    public String header(URI url) {
        try {
            Map<String, List<String>> h = manager.get(url, Map.of());
            List<String> values = h.get("Cookie");
            return values == null || values.isEmpty() ? null : String.join("; ", values);
        } catch (IOException e) {
            return null;
        }
    }

    /** Keeps the {@code Set-Cookie} headers of a response from {@code url} (header names in any case). */
    public void received(URI url, Map<String, List<String>> headers) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey() != null && e.getKey().equalsIgnoreCase("set-cookie")) {
                try {
                    manager.put(url, Map.of("Set-Cookie", e.getValue()));
                } catch (IOException | IllegalArgumentException ignored) {
                    // a malformed cookie is dropped, as browsers do
                }
            }
        }
    }

    /** How many cookies the jar holds. */
    public int size() {
        return manager.getCookieStore().getCookies().size();
    }
}
