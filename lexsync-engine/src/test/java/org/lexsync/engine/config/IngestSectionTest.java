package org.lexsync.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.IngestSettings;

/** The ingestion keys of lexsync.yaml's {@code server:} section (issue 18: upload cap, SOAP crawlers). */
class IngestSectionTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom"));

    private static IngestSettings ingest(String yaml) {
        return READER.read(new StringReader(yaml), Path.of("lexsync.yaml")).server().ingest();
    }

    @Test
    void withoutKeysUploadsAreCappedAt512MiBAndSoapIsOff() {
        IngestSettings s = ingest("server:\n  port: 1\n");
        assertThat(s.maxUploadBytes()).isEqualTo(512L << 20);
        assertThat(s.soapEnabled()).isFalse();
    }

    @Test
    void readsTheCapAndTheSoapCrawlersWithTheirAddresses() {
        IngestSettings s = ingest("""
                server:
                  ingest-max-bytes: 1048576
                  soap:
                    - {crawler: DCrawlerBverwg, addresses: [127.0.0.1, "::1"]}
                """);
        assertThat(s.maxUploadBytes()).isEqualTo(1_048_576);
        assertThat(s.soapClient("DCrawlerBverwg")).hasValueSatisfying(c -> assertThat(c.addresses())
                .containsExactly("127.0.0.1", "::1"));
        assertThat(s.soapClient("other")).isEmpty();
    }

    @Test
    void aSoapCrawlerWithoutAddressesNamesItsLine() {
        assertThatThrownBy(() -> ingest("server:\n  soap:\n    - {crawler: x}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("lexsync.yaml:3")
                .hasMessageContaining("server.soap[0].addresses");
    }

    @Test
    void aCapThatIsNoNumberIsRefused() {
        assertThatThrownBy(() -> ingest("server:\n  ingest-max-bytes: lots\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("server.ingest-max-bytes");
    }
}
