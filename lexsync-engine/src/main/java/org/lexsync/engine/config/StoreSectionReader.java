package org.lexsync.engine.config;

import java.io.Reader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.StoreSettings;
import org.lexsync.engine.store.S3BlobConfig;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads the {@code store:} section of {@code lexsync.yaml} (issue 31) into {@link StoreSettings}:
 *
 * <pre>
 * store:
 *   jdbc-url: jdbc:postgresql://db:5432/lexsync
 *   blobs: s3://lexsync-blobs/prod
 *   s3: {endpoint: http://127.0.0.1:9000, region: us-east-1, path-style: true,
 *        access-key-env: LEXSYNC_S3_ACCESS_KEY, secret-key-env: LEXSYNC_S3_SECRET_KEY}
 *   rdf: http://127.0.0.1:3030/lexsync
 *   blob-cache-bytes: 1073741824            # the node's disk cache of object-store blobs (0: none)
 * </pre>
 *
 * A class of its own so that a command which only opens a store reads this section and nothing else of the file
 * ({@link #read(Path)}), while {@link ConfigReader} checks it with the rest. Credentials are refused outright: the
 * file names the variables that hold them. No message quotes a value that could be secret (the JDBC URL may carry a
 * password), only key paths and lines.
 */
public final class StoreSectionReader {
    private static final Set<String> KEYS = Set.of("jdbc-url", "blobs", "s3", "rdf", "blob-cache-bytes");
    private static final Set<String> S3_KEYS = Set.of("endpoint", "region", "path-style", "access-key-env",
            "secret-key-env");
    private static final Set<String> SECRET_KEYS = Set.of("access-key", "secret-key", "secret", "password",
            "access-key-id", "secret-access-key");
    private static final String ENV_NAME = "[A-Za-z_][A-Za-z0-9_]*";

    private final YamlNodes yaml;

    /** A reader naming {@code file} in its errors. */
    public StoreSectionReader(String file) {
        this.yaml = new YamlNodes(file);
    }

    /**
     * The {@code store:} section of the file at {@code path}, {@link StoreSettings#NONE} when the file has none; the
     * rest of the file is not checked here.
     *
     * @throws ConfigException naming file, line and key for a bad value, a file that cannot be read or is no YAML
     */
    public static StoreSettings read(Path path) {
        return section(YamlFiles.compose(path), path.toString());
    }

    /** The {@code store:} section of the YAML in {@code in}; {@code name} names it in errors. */
    public static StoreSettings read(Reader in, String name) {
        return section(YamlFiles.compose(in, name), name);
    }

    private static StoreSettings section(@Nullable Node root, String name) {
        if (root instanceof MappingNode top) {
            for (NodeTuple t : top.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("store")) {
                    return new StoreSectionReader(name).read(t.getValueNode());
                }
            }
        }
        return StoreSettings.NONE;
    }

    /** The section under {@code node} (the value of the top-level {@code store} key; null or empty: none). */
    public StoreSettings read(@Nullable Node node) {
        if (node == null || YamlNodes.isNull(node)) {
            return StoreSettings.NONE;
        }
        Map<String, Node> m = mapping(node, "store", KEYS);
        String jdbcUrl = text(m, "store", "jdbc-url");
        if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:postgresql:") && !jdbcUrl.startsWith("jdbc:sqlite:")) {
            throw error("store.jdbc-url", m.get("jdbc-url"), "must be a jdbc:postgresql: or jdbc:sqlite: URL");
        }
        String blobs = text(m, "store", "blobs");
        if (blobs != null && !blobs.startsWith("s3://")) {
            throw error("store.blobs", m.get("blobs"), "must be s3://bucket/prefix (leave it out for the default,"
                    + " <data dir>/blobs), was '" + blobs + "'");
        }
        if (blobs != null) {
            try {
                S3BlobConfig.parse(blobs);
            } catch (IllegalArgumentException e) {
                throw error("store.blobs", m.get("blobs"), e.getMessage());
            }
        }
        URI rdf = httpUrl(m, "store", "rdf");
        Long cache = bytes(m, "blob-cache-bytes");
        Node s3Node = m.get("s3");
        if (s3Node == null || YamlNodes.isNull(s3Node)) {
            return new StoreSettings(jdbcUrl, blobs, null, null, null, null, null, rdf, cache);
        }
        if (blobs == null) {
            throw error("store.s3", s3Node, "needs store.blobs: s3://bucket/prefix");
        }
        Map<String, Node> s3 = mapping(s3Node, "store.s3", S3_KEYS);
        String pathStyle = text(s3, "store.s3", "path-style");
        if (pathStyle != null && !pathStyle.equals("true") && !pathStyle.equals("false")) {
            throw error("store.s3.path-style", s3.get("path-style"), "must be true or false, was '" + pathStyle + "'");
        }
        return new StoreSettings(jdbcUrl, blobs, httpUrl(s3, "store.s3", "endpoint"), text(s3, "store.s3", "region"),
                pathStyle == null ? null : Boolean.valueOf(pathStyle), envName(s3, "access-key-env"),
                envName(s3, "secret-key-env"), rdf, cache);
    }

    private @Nullable Long bytes(Map<String, Node> m, String key) {
        String text = text(m, "store", key);
        if (text == null) {
            return null;
        }
        try {
            long v = Long.parseLong(text);
            if (v < 0) {
                throw error("store." + key, m.get(key), "must be 0 or more bytes, was " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw error("store." + key, m.get(key), "must be a whole number of bytes, was '" + text + "'");
        }
    }

    private @Nullable String envName(Map<String, Node> m, String key) {
        String name = text(m, "store.s3", key);
        if (name != null && !name.matches(ENV_NAME)) {
            throw error("store.s3." + key, m.get(key), "must name an environment variable (letters, digits, '_')");
        }
        return name;
    }

    private @Nullable URI httpUrl(Map<String, Node> m, String at, String key) {
        String text = text(m, at, key);
        if (text == null) {
            return null;
        }
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                throw error(at + "." + key, m.get(key), "must be an absolute http(s) URL, was '" + text + "'");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw error(at + "." + key, m.get(key), "not a URL: " + e.getReason());
        }
    }

    /** The mapping at {@code at}; unknown keys are errors, and keys that would hold a credential say so. */
    private Map<String, Node> mapping(Node node, String at, Set<String> known) {
        Map<String, Node> m = yaml.mapping(node, at);
        for (Map.Entry<String, Node> e : m.entrySet()) {
            if (SECRET_KEYS.contains(e.getKey().toLowerCase(Locale.ROOT))) {
                throw yaml.error(at + "." + e.getKey(), e.getValue(), "credentials are never read from this file: put"
                        + " them in the environment and name the variables with access-key-env and secret-key-env");
            }
        }
        yaml.onlyKeys(m, at, known);
        return m;
    }

    private @Nullable String text(Map<String, Node> m, String at, String key) {
        Node n = m.get(key);
        if (n == null || YamlNodes.isNull(n)) {
            return null;
        }
        String v = yaml.scalar(n, at + "." + key).strip();
        if (v.isEmpty()) {
            throw yaml.error(at + "." + key, n, "must not be empty");
        }
        return v;
    }

    private ConfigException error(String key, @Nullable Node node, String problem) {
        return yaml.error(key, node, problem);
    }
}
