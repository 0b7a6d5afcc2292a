package org.lexsync.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.PublishSettings;

/** The {@code publish:} section of lexsync.yaml (docs/architecture.md, "Publishing the aggregate"). */
class PublishConfigTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom"));

    private static LexsyncConfig read(String yaml) {
        return READER.read(new StringReader(yaml), Path.of("lexsync.yaml"));
    }

    @Test
    void theSectionGivesTheSettingsAndDefaultsFillTheRest() {
        PublishSettings s = read("""
                publish:
                  base-url: https://data.example.org/lex
                  feed-id: tag:data.example.org,2024:lex
                  author-email: feeds@data.example.org
                  archive-size: 250
                """).publish().settings(null).build();
        assertThat(s.baseUrl()).isEqualTo(URI.create("https://data.example.org/lex/"));
        assertThat(s.feedId()).isEqualTo("tag:data.example.org,2024:lex");
        assertThat(s.authorEmail()).isEqualTo("feeds@data.example.org");
        assertThat(s.archiveSize()).isEqualTo(250);
        assertThat(s.eliHistoryDays()).isEqualTo(PublishSettings.DEFAULT_ELI_HISTORY_DAYS);
        assertThat(s.eliFeedId()).isEqualTo("urn:data.example.org:eli:eli-update-feed");
    }

    @Test
    void aBaseUrlFromTheCommandLineOverridesTheFile() {
        PublishSettings s = read("publish:\n  base-url: https://a.example/\n").publish()
                .settings(URI.create("http://127.0.0.1:8080/")).build();
        assertThat(s.baseUrl()).isEqualTo(URI.create("http://127.0.0.1:8080/"));
    }

    @Test
    void anUnknownKeyIsNamedWithItsLine() {
        assertThatThrownBy(() -> read("sources: []\npublish:\n  archive-sise: 10\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("publish.archive-sise")
                .hasMessageContaining("3");
    }

    @Test
    void aContentOriginIsReadAndMustDifferFromTheBaseUrls() {   // issue 28
        assertThat(read("publish:\n  base-url: https://data.example.org/lex/\n"
                + "  content-base-url: https://content.example.org\n").publish().contentBaseUrl())
                .hasToString("https://content.example.org/");
        assertThatThrownBy(() -> read("publish:\n  base-url: https://data.example.org/lex/\n"
                + "  content-base-url: https://data.example.org:443/bytes/\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("publish.content-base-url")
                .hasMessageContaining("3").hasMessageContaining("another origin");
    }

    @Test
    void aNumberOutOfRangeIsNamed() {
        assertThatThrownBy(() -> read("publish:\n  list-size: 60000\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("publish.list-size")
                .hasMessageContaining("50000");
    }

    @Test
    void theServeCacheSizesAreReadAndANegativeOneIsNamed() {   // issue 31
        PublishConfig c = read("publish:\n  serve-cache-bytes: 0\n  serve-cache-entry-bytes: 65536\n").publish();
        assertThat(c.serveCacheBytes()).isZero();
        assertThat(c.serveCacheEntryBytes()).isEqualTo(65536L);
        assertThatThrownBy(() -> read("publish:\n  serve-cache-bytes: -1\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("publish.serve-cache-bytes")
                .hasMessageContaining("2");
    }
}
