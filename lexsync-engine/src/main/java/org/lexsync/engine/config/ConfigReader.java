package org.lexsync.engine.config;

import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.lexsync.engine.model.ServerSettings;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads {@code lexsync.yaml}. The YAML is composed into a node tree only — no objects are constructed from
 * tags, so the file cannot make the reader instantiate anything — and every value is checked here, so a
 * mistake is reported with its key path and line. Unknown keys are errors (a misspelt key must not be
 * silently ignored), and so are a protocol's wrong number of URLs or unknown options ({@link ProtocolRules}).
 * Each section has its reader ({@link SourceSection}, {@link ServerSection}, {@link ClusterSection}, {@link PublishSection}) over the shared
 * node reader ({@link YamlNodes}); this class reads the file and its top level. Format:
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
 *     crawler: {seeds: […], listing: {…}, detail: {…}}   # a protocol's own block, read by its harvester
 *                                   # (Harvester#readBlock; here the crawler's)
 * store: {jdbc-url: …, blobs: s3://…, s3: {…}, rdf: http://…}   # where the store lives ({@link StoreSectionReader})
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
    private static final Set<String> TOP_KEYS = Set.of("sources", "server", "publish", "store", "cluster");

    private final Set<String> protocols;

    /** A reader accepting these protocol names (e.g. {@code Harvesters.protocols()}). */
    public ConfigReader(Set<String> protocols) {
        this.protocols = Set.copyOf(protocols);
    }

    /** Reads a configuration file. */
    public LexsyncConfig read(Path path) {
        return read(new StringReader(YamlFiles.text(path)), path);
    }

    /** Reads a configuration from {@code in}; {@code path} names it in errors. */
    public LexsyncConfig read(Reader in, Path path) {
        String file = path.toString();
        Node root = YamlFiles.compose(in, file);
        if (root == null) {
            return new LexsyncConfig(path, List.of());
        }
        YamlNodes yaml = new YamlNodes(file);
        Map<String, Node> top = yaml.mapping(root, "");
        yaml.onlyKeys(top, "", TOP_KEYS);
        new StoreSectionReader(file).read(top.get("store"));   // checked here, read by the commands that open a store
        ServerSettings server = YamlNodes.present(top, "server")
                ? new ServerSection(yaml).read(top.get("server")) : ServerSettings.DEFAULTS;
        if (YamlNodes.present(top, "cluster")) {
            server = server.withCluster(new ClusterSection(yaml).read(top.get("cluster")));
        }
        PublishConfig publish = YamlNodes.present(top, "publish")
                ? new PublishSection(yaml).read(top.get("publish")) : PublishConfig.NONE;
        Node list = top.get("sources");
        if (list == null || YamlNodes.isNull(list)) {
            return new LexsyncConfig(path, List.of(), server, publish);
        }
        if (!(list instanceof SequenceNode seq)) {
            throw yaml.error("sources", list, "must be a list of sources");
        }
        SourceSection section = new SourceSection(yaml, protocols);
        List<SourceConfig> sources = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < seq.getValue().size(); i++) {
            Node n = seq.getValue().get(i);
            SourceConfig s = section.read(n, String.format(Locale.ROOT, "sources[%d]", i));
            if (!ids.add(s.id())) {
                throw yaml.error(String.format(Locale.ROOT, "sources[%d].id", i), n,
                        "duplicate source id '" + s.id() + "'");
            }
            sources.add(s);
        }
        return new LexsyncConfig(path, sources, server, publish);
    }
}
