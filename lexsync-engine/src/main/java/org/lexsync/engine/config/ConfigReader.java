package org.lexsync.engine.config;

import org.lexsync.engine.model.SourceSchedule;
import org.lexsync.engine.model.ConfigException;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import java.io.Reader;
import java.io.StringReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import org.lexsync.engine.model.GiveUpRule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.IngestSettings;
import org.lexsync.engine.model.ClusterSettings;
import org.lexsync.engine.model.ServerSettings;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.lexsync.engine.crawler.CrawlerHarvester;
import org.lexsync.engine.crawler.CrawlerOptions;
import org.lexsync.engine.model.ProtocolOptions;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads {@code lexsync.yaml}. The YAML is composed into a node tree only — no objects are constructed from
 * tags, so the file cannot make the reader instantiate anything — and every value is checked here, so a
 * mistake is reported with its key path and line. Unknown keys are errors (a misspelt key must not be
 * silently ignored), and so are a protocol's wrong number of URLs or unknown options ({@link ProtocolRules}).
 * Format:
 *
 * <pre>
 * sources:
 *   - id: sfs                       # letters, digits, '.', '_', '-'; unique
 *     protocol: atom                # one the engine can harvest
 *     urls: [https://example.se/feed.atom]   # or: url: https://…
 *     politeness: {delay: 5, concurrency: 1} # seconds between requests, requests in flight per host
 *     schedule: PT1H                # ISO-8601 duration or 6-field cron (SourceSchedule); default PT1H; a cron
 *                                   # that cannot fire within a year is refused (CronCheck)
 *     approved: true                # only approved sources run without being named (default false)
 *     contact: mailto:rinfo@example.se
 *     options: {max-delete-fraction: 0.5}
 *     give-up: {runs: 3, after: 24h}   # quarantine an item failing in 3 consecutive runs or for 24 h
 *     crawler: {seeds: […], listing: {…}, detail: {…}}   # protocol: crawler only ({@link CrawlerConfigReader})
 * server:                           # read by lexsync serve; its flags override these
 *   port: 8080
 *   bind: 127.0.0.1
 *   open-reads: true                # GET /api/... without a token (default true)
 *   max-concurrent-runs: 4
 *   tokens:
 *     - {name: ops, token: s3cret, roles: [admin]}          # or sha256: hex digest of the token
 *     - {name: crawler-bg, sha256: 9f86d0…, roles: [ingest]}  # name = the crawler name it uploads as
 *   ingest-max-bytes: 536870912     # largest document-group upload (default 512 MiB)
 *   min-free-space: 512MB           # /readyz is 503 below this free space on the data volume (KB/MB/GB; 0: none)
 *   soap:                           # the seed's SOAP UploadFile (no credentials): off unless crawlers are named
 *     - {crawler: DCrawlerBverwg, addresses: [127.0.0.1]}   # and only from these client addresses
 * cluster:                          # lexsync serve on several nodes (docs/deploying.md); flags override these
 *   heartbeat: 2s                   # a node's beat (scheduler heartbeat, node table)
 *   missed-heartbeats: 4            # beats missed before its runs are revived elsewhere
 *   lease: 30s                      # a source's lease unless renewed (renewed every third)
 *   address: http://node1:8080/     # how others reach this node (default: its listening address)
 * </pre>
 */
public final class ConfigReader {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final Set<String> SOURCE_KEYS = Set.of("id", "protocol", "url", "urls", "politeness", "schedule",
            "approved", "contact", "options", "give-up", "crawler");
    private static final Set<String> TOP_KEYS = Set.of("sources", "server", "publish", "cluster");
    private static final Set<String> CLUSTER_KEYS = Set.of("heartbeat", "missed-heartbeats", "lease", "address");
    private static final Set<String> SERVER_KEYS = Set.of("port", "bind", "open-reads", "max-concurrent-runs", "tokens",
            "ingest-max-bytes", "soap", "min-free-space");
    private static final Set<String> SOAP_KEYS = Set.of("crawler", "addresses");
    private static final Set<String> TOKEN_KEYS = Set.of("name", "token", "sha256", "roles");
    private static final int MAX_BYTES = 4 * 1024 * 1024;
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*([KMG]B)?", Pattern.CASE_INSENSITIVE);

    private final Set<String> protocols;
    private String file;

    /** A reader accepting these protocol names (e.g. {@code Harvesters.protocols()}). */
    public ConfigReader(Set<String> protocols) {
        this.protocols = Set.copyOf(protocols);
    }

    /** Reads a configuration file. */
    public LexsyncConfig read(Path path) {
        String text;
        try {
            if (Files.size(path) > MAX_BYTES) {
                throw new ConfigException(path.toString(), "", 0, "larger than " + MAX_BYTES + " bytes");
            }
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(path.toString(), "", 0, "no such file");
        } catch (IOException e) {
            throw new ConfigException(path.toString(), "", 0, "cannot be read: " + e.getMessage());
        }
        return read(new StringReader(text), path);
    }

    /** Reads a configuration from {@code in}; {@code path} names it in errors. */
    public LexsyncConfig read(Reader in, Path path) {
        file = path.toString();
        LoadSettings settings = LoadSettings.builder().setLabel(file).setMaxAliasesForCollections(20)
                .setCodePointLimit(MAX_BYTES).build();
        Node root;
        try {
            root = new Compose(settings).composeReader(in).orElse(null);
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().map(m -> m.getLine() + 1).orElse(0);
            throw new ConfigException(file, "", line, "not valid YAML: " + e.getProblem());
        } catch (YamlEngineException e) {
            throw new ConfigException(file, "", 0, "not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            return new LexsyncConfig(path, List.of());
        }
        Map<String, Node> top = mapping(root, "");
        for (String key : top.keySet()) {
            if (!TOP_KEYS.contains(key)) {
                throw error(key, top.get(key), "unknown key (expected one of: "
                        + String.join(", ", TOP_KEYS.stream().sorted().toList()) + ")");
            }
        }
        ServerSettings server = top.containsKey("server") && !isNull(top.get("server"))
                ? server(top.get("server")) : ServerSettings.DEFAULTS;
        if (top.containsKey("cluster") && !isNull(top.get("cluster"))) {
            server = server.withCluster(cluster(top.get("cluster")));
        }
        PublishConfig publish = top.containsKey("publish") && !isNull(top.get("publish"))
                ? publish(top.get("publish")) : PublishConfig.NONE;
        Node list = top.get("sources");
        if (list == null || isNull(list)) {
            return new LexsyncConfig(path, List.of(), server, publish);
        }
        if (!(list instanceof SequenceNode seq)) {
            throw error("sources", list, "must be a list of sources");
        }
        List<SourceConfig> sources = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < seq.getValue().size(); i++) {
            Node n = seq.getValue().get(i);
            SourceConfig s = source(n, String.format(Locale.ROOT, "sources[%d]", i));
            if (!ids.add(s.id())) {
                throw error(String.format(Locale.ROOT, "sources[%d].id", i), n, "duplicate source id '" + s.id() + "'");
            }
            sources.add(s);
        }
        return new LexsyncConfig(path, sources, server, publish);
    }

    /** The {@code cluster:} section (issue 32): failover timing and the node's advertised address. */
    private ClusterSettings cluster(Node node) {
        Map<String, Node> m = mapping(node, "cluster");
        for (String key : m.keySet()) {
            if (!CLUSTER_KEYS.contains(key)) {
                throw error("cluster." + key, m.get(key), "unknown key (expected one of: "
                        + String.join(", ", CLUSTER_KEYS.stream().sorted().toList()) + ")");
            }
        }
        ClusterSettings c = ClusterSettings.DEFAULTS;
        try {
            if (m.containsKey("heartbeat")) {
                c = c.withHeartbeat(duration(m.get("heartbeat"), "cluster.heartbeat"));
            }
            if (m.containsKey("missed-heartbeats")) {
                c = c.withMissedHeartbeats(wholeNumber(m.get("missed-heartbeats"), "cluster.missed-heartbeats", 1, 1000));
            }
            if (m.containsKey("lease")) {
                c = c.withLease(duration(m.get("lease"), "cluster.lease"));
            }
            if (m.containsKey("address")) {
                c = c.withAddress(requiredText(m, "cluster", "address"));
            }
        } catch (IllegalArgumentException e) {
            throw error("cluster", node, e.getMessage());
        }
        return c;
    }

    private Duration duration(Node n, String at) {
        try {
            return GiveUpRule.parseDuration(scalar(n, at));
        } catch (IllegalArgumentException e) {
            throw error(at, n, e.getMessage());
        }
    }

    private ServerSettings server(Node node) {
        Map<String, Node> m = mapping(node, "server");
        for (String key : m.keySet()) {
            if (!SERVER_KEYS.contains(key)) {
                throw error("server." + key, m.get(key), "unknown key (expected one of: "
                        + String.join(", ", SERVER_KEYS.stream().sorted().toList()) + ")");
            }
        }
        ServerSettings s = ServerSettings.DEFAULTS;
        if (m.containsKey("port")) {
            s = s.withPort(wholeNumber(m.get("port"), "server.port", 0, 65_535));
        }
        if (m.containsKey("bind")) {
            s = s.withBind(requiredText(m, "server", "bind"));
        }
        if (m.containsKey("open-reads")) {
            s = s.withOpenReads(bool(m.get("open-reads"), "server.open-reads"));
        }
        if (m.containsKey("max-concurrent-runs")) {
            s = s.withMaxConcurrentRuns(wholeNumber(m.get("max-concurrent-runs"), "server.max-concurrent-runs", 1, 256));
        }
        if (m.containsKey("min-free-space")) {
            s = s.withMinFreeBytes(size(m.get("min-free-space"), "server.min-free-space"));
        }
        Node tokens = m.get("tokens");
        if (tokens != null && !isNull(tokens)) {
            if (!(tokens instanceof SequenceNode seq)) {
                throw error("server.tokens", tokens, "must be a list of tokens");
            }
            List<AccessToken> list = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; i < seq.getValue().size(); i++) {
                String at = String.format(Locale.ROOT, "server.tokens[%d]", i);
                AccessToken t = token(seq.getValue().get(i), at);
                if (!names.add(t.name())) {
                    throw error(at + ".name", seq.getValue().get(i), "duplicate token name '" + t.name() + "'");
                }
                list.add(t);
            }
            s = s.withTokens(list);
        }
        return s.withIngest(ingest(m));
    }

    /** {@code ingest-max-bytes} and {@code soap} (issue 18). */
    private IngestSettings ingest(Map<String, Node> m) {
        IngestSettings in = IngestSettings.DEFAULTS;
        Node max = m.get("ingest-max-bytes");
        if (max != null && !isNull(max)) {
            double d = number(max, "server.ingest-max-bytes");
            if (d != Math.rint(d) || d < 1 || d > 1e15) {
                throw error("server.ingest-max-bytes", max, "must be a whole number of bytes, at least 1");
            }
            in = in.withMaxUploadBytes((long) d);
        }
        Node soap = m.get("soap");
        if (soap != null && !isNull(soap)) {
            if (!(soap instanceof SequenceNode seq)) {
                throw error("server.soap", soap, "must be a list of {crawler, addresses}");
            }
            List<IngestSettings.SoapClient> clients = new ArrayList<>();
            for (int i = 0; i < seq.getValue().size(); i++) {
                String at = String.format(Locale.ROOT, "server.soap[%d]", i);
                Node n = seq.getValue().get(i);
                Map<String, Node> c = mapping(n, at);
                for (String key : c.keySet()) {
                    if (!SOAP_KEYS.contains(key)) {
                        throw error(at + "." + key, c.get(key), "unknown key (expected one of: addresses, crawler)");
                    }
                }
                String crawler = requiredText(c, at, "crawler");
                Node addresses = c.get("addresses");
                if (!(addresses instanceof SequenceNode list) || list.getValue().isEmpty()) {
                    throw error(at + ".addresses", addresses == null ? n : addresses,
                            "must be a non-empty list of client addresses (SOAP clients send no credentials)");
                }
                List<String> values = new ArrayList<>();
                for (int k = 0; k < list.getValue().size(); k++) {
                    values.add(scalar(list.getValue().get(k), String.format(Locale.ROOT, "%s.addresses[%d]", at, k))
                            .strip());
                }
                clients.add(new IngestSettings.SoapClient(crawler, values));
            }
            in = in.withSoap(clients);
        }
        return in;
    }

    private AccessToken token(Node node, String at) {
        Map<String, Node> m = mapping(node, at);
        for (String key : m.keySet()) {
            if (!TOKEN_KEYS.contains(key)) {
                throw error(at + "." + key, m.get(key), "unknown key (expected one of: "
                        + String.join(", ", TOKEN_KEYS.stream().sorted().toList()) + ")");
            }
        }
        String name = requiredText(m, at, "name");
        String secret = optionalText(m, at, "token");
        String sha = optionalText(m, at, "sha256");
        if ((secret == null) == (sha == null)) {
            throw error(at, node, "give exactly one of token and sha256");
        }
        if (secret != null && secret.length() < 8) {
            throw error(at + ".token", m.get("token"), "a token must have at least 8 characters");
        }
        if (sha != null && !sha.matches("[0-9a-fA-F]{64}")) {
            throw error(at + ".sha256", m.get("sha256"), "must be the 64 hex digits of a SHA-256 digest");
        }
        Node rolesNode = m.get("roles");
        if (rolesNode == null || !(rolesNode instanceof SequenceNode roleSeq) || roleSeq.getValue().isEmpty()) {
            throw error(at + ".roles", rolesNode == null ? node : rolesNode, "must be a non-empty list of: admin, ingest");
        }
        Set<AccessToken.Role> roles = java.util.EnumSet.noneOf(AccessToken.Role.class);
        for (int i = 0; i < roleSeq.getValue().size(); i++) {
            String rat = String.format(Locale.ROOT, "%s.roles[%d]", at, i);
            Node roleNode = roleSeq.getValue().get(i);
            String r = scalar(roleNode, rat).toLowerCase(Locale.ROOT);
            AccessToken.Role role = java.util.Arrays.stream(AccessToken.Role.values()).filter(x -> x.key().equals(r))
                    .findFirst().orElseThrow(() -> error(rat, roleNode, "unknown role '" + r
                            + "' (expected: admin, ingest)"));
            roles.add(role);
        }
        return secret != null ? AccessToken.ofSecret(name, secret, roles) : new AccessToken(name, sha, roles);
    }

    private int wholeNumber(Node n, String at, int min, int max) {
        double d = number(n, at);
        if (d != Math.rint(d) || d < min || d > max) {
            throw error(at, n, "must be a whole number from " + min + " to " + max);
        }
        return (int) d;
    }

    /** A size in bytes: a whole number, or one followed by KB, MB or GB (powers of 1024). */
    private long size(Node n, String at) {
        String text = scalar(n, at).strip();
        java.util.regex.Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw error(at, n, "must be a size such as 512MB, 2GB or a number of bytes, was '" + text + "'");
        }
        long unit = m.group(2) == null ? 1 : switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "KB" -> 1024L;
            case "MB" -> 1024L * 1024;
            default -> 1024L * 1024 * 1024;
        };
        long value = Long.parseLong(m.group(1));
        if (value > Long.MAX_VALUE / unit) {
            throw error(at, n, "is too large: '" + text + "'");
        }
        return value * unit;
    }

    private boolean bool(Node n, String at) {
        String a = scalar(n, at);
        if (!a.equals("true") && !a.equals("false")) {
            throw error(at, n, "must be true or false, was '" + a + "'");
        }
        return a.equals("true");
    }

    private static final Set<String> PUBLISH_KEYS = Set.of("base-url", "feed-id", "author-name", "author-email",
            "archive-size", "eli-feed-id", "eli-history-days", "list-size", "dump-package-bytes", "legacy-md5",
            "content-base-url");

    /** The {@code publish:} section (docs/architecture.md, "Publishing the aggregate"); every key optional. */
    private PublishConfig publish(Node node) {
        Map<String, Node> m = mapping(node, "publish");
        for (String key : m.keySet()) {
            if (!PUBLISH_KEYS.contains(key)) {
                throw error("publish." + key, m.get(key), "unknown key (expected one of: "
                        + String.join(", ", new java.util.TreeSet<>(PUBLISH_KEYS)) + ")");
            }
        }
        @org.jspecify.annotations.Nullable URI baseUrl = httpUrl(m, "base-url");
        @org.jspecify.annotations.Nullable URI contentBaseUrl = httpUrl(m, "content-base-url");
        if (contentBaseUrl != null) {
            if (contentBaseUrl.getHost() == null || contentBaseUrl.getQuery() != null
                    || contentBaseUrl.getFragment() != null) {
                throw error("publish.content-base-url", m.get("content-base-url"),
                        "must be an http(s) URL with a host and without query or fragment, was '" + contentBaseUrl + "'");
            }
            if (baseUrl != null && origin(baseUrl).equals(origin(contentBaseUrl))) {
                throw error("publish.content-base-url", m.get("content-base-url"), "must be another origin (scheme,"
                        + " host, port) than publish.base-url, so that harvested bytes never share the dashboard's");
            }
            if (!contentBaseUrl.getPath().endsWith("/")) {
                contentBaseUrl = URI.create(contentBaseUrl + "/");
            }
        }
        String legacy = optionalText(m, "publish", "legacy-md5");
        if (legacy != null && !legacy.equals("true") && !legacy.equals("false")) {
            throw error("publish.legacy-md5", m.get("legacy-md5"), "must be true or false, was '" + legacy + "'");
        }
        Long dump = whole(m, "dump-package-bytes", 1024, Long.MAX_VALUE);
        return new PublishConfig(baseUrl, contentBaseUrl, optionalText(m, "publish", "feed-id"),
                optionalText(m, "publish", "author-name"), optionalText(m, "publish", "author-email"),
                intOrNull(whole(m, "archive-size", 1, 10_000)), optionalText(m, "publish", "eli-feed-id"),
                intOrNull(whole(m, "eli-history-days", 1, 36_500)), intOrNull(whole(m, "list-size", 1, 50_000)),
                dump, legacy == null ? null : Boolean.valueOf(legacy));
    }

    /** The absolute http(s) URL at {@code publish.KEY}, or null when not given. */
    private @org.jspecify.annotations.Nullable URI httpUrl(Map<String, Node> m, String key) {
        String text = optionalText(m, "publish", key);
        if (text == null) {
            return null;
        }
        URI url;
        try {
            url = new URI(text);
        } catch (java.net.URISyntaxException e) {
            throw error("publish." + key, m.get(key), "not a URL: " + e.getMessage());
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!url.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))) {
            throw error("publish." + key, m.get(key), "must be an absolute http(s) URL, was '" + text + "'");
        }
        return url;
    }

    private static String origin(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() != -1 ? url.getPort() : scheme.equals("https") ? 443 : 80;
        return scheme + "://" + String.valueOf(url.getHost()).toLowerCase(Locale.ROOT) + ":" + port;
    }

    private @org.jspecify.annotations.Nullable Long whole(Map<String, Node> m, String key, long min, long max) {
        Node n = m.get(key);
        if (n == null || isNull(n)) {
            return null;
        }
        String s = scalar(n, "publish." + key).strip();
        try {
            long v = Long.parseLong(s);
            if (v < min || v > max) {
                throw error("publish." + key, n, "must be between " + min + " and " + max + ", was " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw error("publish." + key, n, "must be a whole number, was '" + s + "'");
        }
    }

    private static @org.jspecify.annotations.Nullable Integer intOrNull(@org.jspecify.annotations.Nullable Long v) {
        return v == null ? null : Math.toIntExact(v);
    }

    private SourceConfig source(Node node, String at) {
        Map<String, Node> m = mapping(node, at);
        for (String key : m.keySet()) {
            if (!SOURCE_KEYS.contains(key)) {
                throw error(at + "." + key, m.get(key), "unknown key (expected one of: "
                        + String.join(", ", SOURCE_KEYS.stream().sorted().toList()) + ")");
            }
        }
        String id = requiredText(m, at, "id");
        if (!ID.matcher(id).matches()) {
            throw error(at + ".id", m.get("id"), "'" + id + "' is not a valid id (letters, digits, '.', '_', '-')");
        }
        String protocol = requiredText(m, at, "protocol").toLowerCase(Locale.ROOT);
        if (!protocols.contains(protocol)) {
            throw error(at + ".protocol", m.get("protocol"), "unknown protocol '" + protocol + "' (supported: "
                    + String.join(", ", protocols.stream().sorted().toList()) + ")");
        }
        List<URI> urls = urls(m, at);
        Duration delay = null;
        Integer concurrency = null;
        Node pol = m.get("politeness");
        if (pol != null && !isNull(pol)) {
            String pat = at + ".politeness";
            Map<String, Node> p = mapping(pol, pat);
            for (String key : p.keySet()) {
                if (!key.equals("delay") && !key.equals("concurrency")) {
                    throw error(pat + "." + key, p.get(key), "unknown key (expected: delay, concurrency)");
                }
            }
            if (p.containsKey("delay")) {
                double d = number(p.get("delay"), pat + ".delay");
                if (d < 0 || d > 86_400) {
                    throw error(pat + ".delay", p.get("delay"), "must be between 0 and 86400 seconds, was " + d);
                }
                delay = Duration.ofMillis(Math.round(d * 1000));
            }
            if (p.containsKey("concurrency")) {
                double c = number(p.get("concurrency"), pat + ".concurrency");
                if (c != Math.rint(c) || c < 1 || c > 64) {
                    throw error(pat + ".concurrency", p.get("concurrency"), "must be a whole number from 1 to 64");
                }
                concurrency = (int) c;
            }
        }
        String schedule = optionalText(m, at, "schedule");
        if (schedule != null) {
            try {
                SourceSchedule parsed = SourceSchedule.parse(schedule);
                if (parsed.cron() != null) {
                    CronCheck.check(parsed.cron(), java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC));
                }
            } catch (IllegalArgumentException bad) {
                throw error(at + ".schedule", m.get("schedule"), bad.getMessage());
            }
        }
        boolean approved = false;
        if (m.containsKey("approved")) {
            String a = scalar(m.get("approved"), at + ".approved");
            if (!a.equals("true") && !a.equals("false")) {
                throw error(at + ".approved", m.get("approved"), "must be true or false, was '" + a + "'");
            }
            approved = a.equals("true");
        }
        String contact = optionalText(m, at, "contact");
        Map<String, String> options = new LinkedHashMap<>();
        Node opts = m.get("options");
        if (opts != null && !isNull(opts)) {
            mapping(opts, at + ".options").forEach((k, v) -> options.put(k, scalar(v, at + ".options." + k)));
        }
        ProtocolRules.forProtocol(protocol).ifPresent(rule -> checkProtocol(rule, protocol, m, at, urls, options, opts));
        return new SourceConfig(id, protocol, urls, delay, concurrency, schedule, approved, contact, options,
                line(node), giveUp(m.get("give-up"), at + ".give-up"), crawler(m, protocol, options, at));
    }

    /**
     * The {@code crawler:} definition of a {@code protocol: crawler} source, read by {@link CrawlerConfigReader};
     * null for other protocols (which may not have one) and for a crawler source naming a Java crawler in its options.
     */
    private @Nullable ProtocolOptions crawler(Map<String, Node> m, String protocol, Map<String, String> options, String at) {
        Node n = m.get("crawler");
        boolean isCrawler = protocol.equals(CrawlerOptions.PROTOCOL);
        if (n == null || isNull(n)) {
            if (isCrawler && !options.containsKey(CrawlerHarvester.KEY_JAVA)) {
                throw error(at + ".crawler", m.get("protocol"), "missing value (a crawler source needs a crawler:"
                        + " definition or options: {java: NAME})");
            }
            return null;
        }
        if (!isCrawler) {
            throw error(at + ".crawler", n, "only a source with protocol: crawler has a crawler: definition");
        }
        if (options.containsKey(CrawlerHarvester.KEY_JAVA)) {
            throw error(at + ".crawler", n, "give either a crawler: definition or options: {java: NAME}, not both");
        }
        return CrawlerOptions.generic(new CrawlerConfigReader(file).read(n, at + ".crawler"));
    }

    /** The {@code give-up} mapping ({@code runs}, {@code after}); null when absent. */
    private GiveUpRule giveUp(Node node, String at) {
        if (node == null || isNull(node)) {
            return null;
        }
        Map<String, Node> g = mapping(node, at);
        GiveUpRule rule = GiveUpRule.DEFAULT;
        for (Map.Entry<String, Node> e : g.entrySet()) {
            String where = at + "." + e.getKey();
            switch (e.getKey()) {
                case "runs" -> {
                    double n = number(e.getValue(), where);
                    if (n != Math.rint(n) || n < 1 || n > 1000) {
                        throw error(where, e.getValue(), "must be a whole number from 1 to 1000");
                    }
                    rule = rule.withRuns((int) n);
                }
                case "after" -> {
                    try {
                        Duration d = GiveUpRule.parseDuration(scalar(e.getValue(), where));
                        if (d.isZero() || d.isNegative()) {
                            throw error(where, e.getValue(), "must be a positive duration");
                        }
                        rule = rule.withAfter(d);
                    } catch (IllegalArgumentException bad) {
                        throw error(where, e.getValue(), bad.getMessage());
                    }
                }
                default -> throw error(where, e.getValue(), "unknown key (expected: runs, after)");
            }
        }
        return rule;
    }

    /** The protocol's own rules: how many URLs, which options with which values. */
    private void checkProtocol(ProtocolRules.Rule rule, String protocol, Map<String, Node> m, String at,
                               List<URI> urls, Map<String, String> options, Node opts) {
        if (urls.size() != rule.urls()) {
            String key = m.containsKey("urls") ? "urls" : "url";
            throw error(at + "." + key, m.get(key), String.format(Locale.ROOT, "the %s protocol needs %s; got %d",
                    protocol, rule.urlsMeaning(), urls.size()));
        }
        if (options.isEmpty()) {
            return;
        }
        Map<String, Node> nodes = mapping(opts, at + ".options");
        for (Map.Entry<String, String> o : options.entrySet()) {
            String key = at + ".options." + o.getKey();
            if (!rule.keys().contains(o.getKey())) {
                throw error(key, nodes.get(o.getKey()), String.format(Locale.ROOT,
                        "unknown option for protocol %s (known: %s)", protocol,
                        String.join(", ", rule.keys().stream().sorted().toList())));
            }
            rule.problem(o.getKey(), o.getValue()).ifPresent(p -> {
                throw error(key, nodes.get(o.getKey()), "must be " + p + ", was '" + o.getValue() + "'");
            });
        }
    }

    private List<URI> urls(Map<String, Node> m, String at) {
        if (m.containsKey("url") && m.containsKey("urls")) {
            throw error(at + ".urls", m.get("urls"), "give url or urls, not both");
        }
        List<Node> nodes = new ArrayList<>();
        String key;
        if (m.containsKey("url")) {
            key = at + ".url";
            nodes.add(m.get("url"));
        } else if (m.containsKey("urls")) {
            key = at + ".urls";
            Node n = m.get("urls");
            if (n instanceof SequenceNode s) {
                nodes.addAll(s.getValue());
            } else {
                nodes.add(n);
            }
        } else {
            throw error(at, null, "missing key 'urls' (or 'url')");
        }
        if (nodes.isEmpty()) {
            throw error(key, m.get(key.substring(key.lastIndexOf('.') + 1)), "must name at least one URL");
        }
        List<URI> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            String where = nodes.size() > 1 || key.endsWith("urls") ? key + "[" + i + "]" : key;
            String text = scalar(nodes.get(i), where);
            try {
                URI u = new URI(text.strip());
                String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
                if (!(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null) {
                    throw error(where, nodes.get(i), "'" + text + "' is not an absolute http(s) URL");
                }
                out.add(u);
            } catch (URISyntaxException e) {
                throw error(where, nodes.get(i), "'" + text + "' is not a URL: " + e.getReason());
            }
        }
        return out;
    }

    private Map<String, Node> mapping(Node node, String at) {
        if (!(node instanceof MappingNode map)) {
            throw error(at, node, "must be a mapping of keys to values");
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            String key = scalar(t.getKeyNode(), at.isEmpty() ? "(key)" : at + ".(key)");
            if (out.put(key, t.getValueNode()) != null) {
                throw error(at.isEmpty() ? key : at + "." + key, t.getKeyNode(), "duplicate key");
            }
        }
        return out;
    }

    private String requiredText(Map<String, Node> m, String at, String key) {
        Node n = m.get(key);
        if (n == null || isNull(n)) {
            throw error(at + "." + key, n, "missing value (required)");
        }
        String s = scalar(n, at + "." + key).strip();
        if (s.isEmpty()) {
            throw error(at + "." + key, n, "must not be empty");
        }
        return s;
    }

    private String optionalText(Map<String, Node> m, String at, String key) {
        Node n = m.get(key);
        if (n == null || isNull(n)) {
            return null;
        }
        String s = scalar(n, at + "." + key).strip();
        return s.isEmpty() ? null : s;
    }

    private double number(Node n, String at) {
        String s = scalar(n, at);
        try {
            double d = Double.parseDouble(s);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw error(at, n, "must be a number, was '" + s + "'");
        }
    }

    private String scalar(Node n, String at) {
        if (!(n instanceof ScalarNode s)) {
            throw error(at, n, "must be a single value");
        }
        return s.getValue();
    }

    private static boolean isNull(Node n) {
        return n instanceof ScalarNode s && (s.getValue().isEmpty() || s.getValue().equals("~")
                || s.getValue().equals("null")) && s.getTag().getValue().endsWith(":null");
    }

    private static int line(Node n) {
        return n == null ? 0 : n.getStartMark().map(m -> m.getLine() + 1).orElse(0);
    }

    private ConfigException error(String key, Node node, String problem) {
        return new ConfigException(file, key, line(node), problem);
    }
}
