package org.lexsync.engine.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.IngestSettings;
import org.lexsync.engine.model.ServerSettings;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The {@code server:} section of {@code lexsync.yaml} (read by {@code lexsync serve}; its flags override it): port,
 * bind address, open reads, concurrent runs, free-space floor, access tokens, and the ingestion settings (upload cap,
 * the SOAP clients named by address). Format: {@link ConfigReader}.
 */
final class ServerSection {
    private static final Set<String> KEYS = Set.of("port", "bind", "open-reads", "max-concurrent-runs", "tokens",
            "ingest-max-bytes", "soap", "min-free-space");
    private static final Set<String> SOAP_KEYS = Set.of("crawler", "addresses");
    private static final Set<String> TOKEN_KEYS = Set.of("name", "token", "sha256", "roles");

    private final YamlNodes yaml;

    ServerSection(YamlNodes yaml) {
        this.yaml = yaml;
    }

    ServerSettings read(Node node) {
        Map<String, Node> m = yaml.mapping(node, "server");
        yaml.onlyKeys(m, "server", KEYS);
        ServerSettings s = ServerSettings.DEFAULTS;
        if (m.containsKey("port")) {
            s = s.withPort(yaml.wholeNumber(m.get("port"), "server.port", 0, 65_535));
        }
        if (m.containsKey("bind")) {
            s = s.withBind(yaml.requiredText(m, "server", "bind"));
        }
        if (m.containsKey("open-reads")) {
            s = s.withOpenReads(yaml.bool(m.get("open-reads"), "server.open-reads"));
        }
        if (m.containsKey("max-concurrent-runs")) {
            s = s.withMaxConcurrentRuns(yaml.wholeNumber(m.get("max-concurrent-runs"), "server.max-concurrent-runs",
                    1, 256));
        }
        if (m.containsKey("min-free-space")) {
            s = s.withMinFreeBytes(yaml.size(m.get("min-free-space"), "server.min-free-space"));
        }
        Node tokens = m.get("tokens");
        if (tokens != null && !YamlNodes.isNull(tokens)) {
            if (!(tokens instanceof SequenceNode seq)) {
                throw yaml.error("server.tokens", tokens, "must be a list of tokens");
            }
            List<AccessToken> list = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; i < seq.getValue().size(); i++) {
                String at = String.format(Locale.ROOT, "server.tokens[%d]", i);
                AccessToken t = token(seq.getValue().get(i), at);
                if (!names.add(t.name())) {
                    throw yaml.error(at + ".name", seq.getValue().get(i), "duplicate token name '" + t.name() + "'");
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
        if (max != null && !YamlNodes.isNull(max)) {
            double d = yaml.number(max, "server.ingest-max-bytes");
            if (d != Math.rint(d) || d < 1 || d > 1e15) {
                throw yaml.error("server.ingest-max-bytes", max, "must be a whole number of bytes, at least 1");
            }
            in = in.withMaxUploadBytes((long) d);
        }
        Node soap = m.get("soap");
        if (soap != null && !YamlNodes.isNull(soap)) {
            if (!(soap instanceof SequenceNode seq)) {
                throw yaml.error("server.soap", soap, "must be a list of {crawler, addresses}");
            }
            List<IngestSettings.SoapClient> clients = new ArrayList<>();
            for (int i = 0; i < seq.getValue().size(); i++) {
                clients.add(soapClient(seq.getValue().get(i), String.format(Locale.ROOT, "server.soap[%d]", i)));
            }
            in = in.withSoap(clients);
        }
        return in;
    }

    private IngestSettings.SoapClient soapClient(Node n, String at) {
        Map<String, Node> c = yaml.mapping(n, at);
        yaml.onlyKeys(c, at, SOAP_KEYS);
        String crawler = yaml.requiredText(c, at, "crawler");
        Node addresses = c.get("addresses");
        if (!(addresses instanceof SequenceNode list) || list.getValue().isEmpty()) {
            throw yaml.error(at + ".addresses", addresses == null ? n : addresses,
                    "must be a non-empty list of client addresses (SOAP clients send no credentials)");
        }
        List<String> values = new ArrayList<>();
        for (int k = 0; k < list.getValue().size(); k++) {
            values.add(yaml.scalar(list.getValue().get(k), String.format(Locale.ROOT, "%s.addresses[%d]", at, k))
                    .strip());
        }
        return new IngestSettings.SoapClient(crawler, values);
    }

    private AccessToken token(Node node, String at) {
        Map<String, Node> m = yaml.mapping(node, at);
        yaml.onlyKeys(m, at, TOKEN_KEYS);
        String name = yaml.requiredText(m, at, "name");
        String secret = yaml.optionalText(m, at, "token");
        String sha = yaml.optionalText(m, at, "sha256");
        if ((secret == null) == (sha == null)) {
            throw yaml.error(at, node, "give exactly one of token and sha256");
        }
        if (secret != null && secret.length() < 8) {
            throw yaml.error(at + ".token", m.get("token"), "a token must have at least 8 characters");
        }
        if (sha != null && !sha.matches("[0-9a-fA-F]{64}")) {
            throw yaml.error(at + ".sha256", m.get("sha256"), "must be the 64 hex digits of a SHA-256 digest");
        }
        Node rolesNode = m.get("roles");
        if (rolesNode == null || !(rolesNode instanceof SequenceNode roleSeq) || roleSeq.getValue().isEmpty()) {
            throw yaml.error(at + ".roles", rolesNode == null ? node : rolesNode,
                    "must be a non-empty list of: admin, ingest");
        }
        Set<AccessToken.Role> roles = EnumSet.noneOf(AccessToken.Role.class);
        for (int i = 0; i < roleSeq.getValue().size(); i++) {
            String rat = String.format(Locale.ROOT, "%s.roles[%d]", at, i);
            Node roleNode = roleSeq.getValue().get(i);
            String r = yaml.scalar(roleNode, rat).toLowerCase(Locale.ROOT);
            AccessToken.Role role = Arrays.stream(AccessToken.Role.values()).filter(x -> x.key().equals(r))
                    .findFirst().orElseThrow(() -> yaml.error(rat, roleNode, "unknown role '" + r
                            + "' (expected: admin, ingest)"));
            roles.add(role);
        }
        return secret != null ? AccessToken.ofSecret(name, secret, roles) : new AccessToken(name, sha, roles);
    }
}
