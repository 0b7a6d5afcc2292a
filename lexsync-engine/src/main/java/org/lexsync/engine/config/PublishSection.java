package org.lexsync.engine.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The {@code publish:} section of {@code lexsync.yaml} (docs/architecture.md, "Publishing the aggregate"): base URLs,
 * feed identity and author, archive and list sizes, the ELI feed's id and history, dump package size, legacy MD5.
 * Format: {@link ConfigReader}.
 */
final class PublishSection {
    private static final Set<String> KEYS = Set.of("base-url", "feed-id", "author-name", "author-email",
            "archive-size", "eli-feed-id", "eli-history-days", "list-size", "dump-package-bytes", "legacy-md5",
            "content-base-url", "serve-cache-bytes", "serve-cache-entry-bytes");

    private final YamlNodes yaml;

    PublishSection(YamlNodes yaml) {
        this.yaml = yaml;
    }

    /** The {@code publish:} section (docs/architecture.md, "Publishing the aggregate"); every key optional. */
    PublishConfig read(Node node) {
        Map<String, Node> m = yaml.mapping(node, "publish");
        yaml.onlyKeys(m, "publish", KEYS);
        @Nullable URI baseUrl = httpUrl(m, "base-url");
        @Nullable URI contentBaseUrl = httpUrl(m, "content-base-url");
        if (contentBaseUrl != null) {
            if (contentBaseUrl.getHost() == null || contentBaseUrl.getQuery() != null
                    || contentBaseUrl.getFragment() != null) {
                throw yaml.error("publish.content-base-url", m.get("content-base-url"),
                        "must be an http(s) URL with a host and without query or fragment, was '" + contentBaseUrl + "'");
            }
            if (baseUrl != null && origin(baseUrl).equals(origin(contentBaseUrl))) {
                throw yaml.error("publish.content-base-url", m.get("content-base-url"), "must be another origin (scheme,"
                        + " host, port) than publish.base-url, so that harvested bytes never share the dashboard's");
            }
            if (!contentBaseUrl.getPath().endsWith("/")) {
                contentBaseUrl = URI.create(contentBaseUrl + "/");
            }
        }
        String legacy = yaml.optionalText(m, "publish", "legacy-md5");
        if (legacy != null && !legacy.equals("true") && !legacy.equals("false")) {
            throw yaml.error("publish.legacy-md5", m.get("legacy-md5"), "must be true or false, was '" + legacy + "'");
        }
        Long dump = whole(m, "dump-package-bytes", 1024, Long.MAX_VALUE);
        return new PublishConfig(baseUrl, contentBaseUrl, yaml.optionalText(m, "publish", "feed-id"),
                yaml.optionalText(m, "publish", "author-name"), yaml.optionalText(m, "publish", "author-email"),
                intOrNull(whole(m, "archive-size", 1, 10_000)), yaml.optionalText(m, "publish", "eli-feed-id"),
                intOrNull(whole(m, "eli-history-days", 1, 36_500)), intOrNull(whole(m, "list-size", 1, 50_000)),
                dump, legacy == null ? null : Boolean.valueOf(legacy), whole(m, "serve-cache-bytes", 0, 1L << 40),
                whole(m, "serve-cache-entry-bytes", 0, Integer.MAX_VALUE - 8));
    }

    /** The absolute http(s) URL at {@code publish.KEY}, or null when not given. */
    private @Nullable URI httpUrl(Map<String, Node> m, String key) {
        String text = yaml.optionalText(m, "publish", key);
        if (text == null) {
            return null;
        }
        URI url;
        try {
            url = new URI(text);
        } catch (URISyntaxException e) {
            throw yaml.error("publish." + key, m.get(key), "not a URL: " + e.getMessage());
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!url.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))) {
            throw yaml.error("publish." + key, m.get(key), "must be an absolute http(s) URL, was '" + text + "'");
        }
        return url;
    }

    private static String origin(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() != -1 ? url.getPort() : scheme.equals("https") ? 443 : 80;
        return scheme + "://" + String.valueOf(url.getHost()).toLowerCase(Locale.ROOT) + ":" + port;
    }

    private @Nullable Long whole(Map<String, Node> m, String key, long min, long max) {
        Node n = m.get(key);
        if (n == null || YamlNodes.isNull(n)) {
            return null;
        }
        String s = yaml.scalar(n, "publish." + key).strip();
        try {
            long v = Long.parseLong(s);
            if (v < min || v > max) {
                throw yaml.error("publish." + key, n, "must be between " + min + " and " + max + ", was " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw yaml.error("publish." + key, n, "must be a whole number, was '" + s + "'");
        }
    }

    private static @Nullable Integer intOrNull(@Nullable Long v) {
        return v == null ? null : Math.toIntExact(v);
    }
}
