package org.lexsync.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.ServerSettings;

/** The {@code server:} section of lexsync.yaml (docs/architecture.md, "The server"). */
class ServerSectionTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom"));

    private static ServerSettings server(String yaml) {
        return READER.read(new StringReader(yaml), Path.of("lexsync.yaml")).server();
    }

    @Test
    void aFileWithoutServerSectionGetsTheDefaults() {
        assertThat(server("sources: []\n")).isEqualTo(ServerSettings.DEFAULTS);
        assertThat(ServerSettings.DEFAULTS.bind()).isEqualTo("127.0.0.1");
    }

    @Test
    void readsEveryServerKey() {
        ServerSettings s = server("""
                server:
                  port: 9090
                  bind: 0.0.0.0
                  open-reads: false
                  max-concurrent-runs: 2
                  tokens:
                    - {name: ops, token: correct-horse, roles: [admin]}
                    - {name: crawler-bg, sha256: 9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08, roles: [ingest]}
                """);
        assertThat(s.port()).isEqualTo(9090);
        assertThat(s.bind()).isEqualTo("0.0.0.0");
        assertThat(s.openReads()).isFalse();
        assertThat(s.maxConcurrentRuns()).isEqualTo(2);
        assertThat(s.token("correct-horse")).map(AccessToken::name).contains("ops");
        assertThat(s.token("test")).map(AccessToken::name).contains("crawler-bg");
        assertThat(s.token("test").orElseThrow().has(AccessToken.Role.INGEST)).isTrue();
        assertThat(s.token("wrong")).isEmpty();
    }

    @Test
    void theFreeSpaceFloorIsASizeAndDefaultsTo512Megabytes() {
        assertThat(ServerSettings.DEFAULTS.minFreeBytes()).isEqualTo(512L * 1024 * 1024);
        assertThat(server("server:\n  min-free-space: 2GB\n").minFreeBytes()).isEqualTo(2L * 1024 * 1024 * 1024);
        assertThat(server("server:\n  min-free-space: 64 kb\n").minFreeBytes()).isEqualTo(64L * 1024);
        assertThat(server("server:\n  min-free-space: 0\n").minFreeBytes()).isZero();
        assertThatThrownBy(() -> server("server:\n  min-free-space: lots\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("lexsync.yaml:2")
                .hasMessageContaining("server.min-free-space").hasMessageContaining("'lots'");
    }

    @Test
    void theSecretIsNeitherKeptNorPrinted() {
        ServerSettings s = server("server:\n  tokens:\n    - {name: ops, token: correct-horse, roles: [admin]}\n");
        assertThat(s.toString()).doesNotContain("correct-horse");
    }

    @Test
    void anUnknownServerKeyNamesItsLine() {
        assertThatThrownBy(() -> server("sources: []\nserver:\n  prot: 80\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:3").hasMessageContaining("server.prot");
    }

    @Test
    void aTokenNeedsExactlyOneOfTokenAndSha256() {
        assertThatThrownBy(() -> server("server:\n  tokens:\n    - {name: ops, roles: [admin]}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("server.tokens[0]")
                .hasMessageContaining("exactly one of token and sha256");
    }

    @Test
    void anUnknownRoleIsNamed() {
        assertThatThrownBy(() -> server("server:\n  tokens:\n    - {name: ops, token: abcdefgh, roles: [root]}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("server.tokens[0].roles[0]")
                .hasMessageContaining("unknown role 'root'");
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        assertThatThrownBy(() -> server("server:\n  port: 70000\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("server.port");
    }

    @Test
    void duplicateTokenNamesAreRefused() {
        assertThatThrownBy(() -> server("server:\n  tokens:\n    - {name: a, token: abcdefgh, roles: [admin]}\n"
                + "    - {name: a, token: abcdefgi, roles: [admin]}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("duplicate token name 'a'");
    }
}
