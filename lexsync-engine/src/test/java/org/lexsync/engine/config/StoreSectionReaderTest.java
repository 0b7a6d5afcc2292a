package org.lexsync.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.StoreSettings;

/** The {@code store:} section of lexsync.yaml (issue 31): read alone, and checked with the rest of the file. */
class StoreSectionReaderTest {
    private static final String ISSUE_EXAMPLE = """
            store:
              jdbc-url: jdbc:postgresql://db:5432/lexsync
              blobs: s3://lexsync-blobs/prod          # or a directory (the default: <data dir>/blobs)
              s3: {endpoint: http://127.0.0.1:9000, region: us-east-1, path-style: true,
                   access-key-env: LEXSYNC_S3_ACCESS_KEY, secret-key-env: LEXSYNC_S3_SECRET_KEY}
              rdf: http://127.0.0.1:3030/lexsync
            """;

    private static StoreSettings read(String yaml) {
        return StoreSectionReader.read(new StringReader(yaml), "lexsync.yaml");
    }

    @Test
    void readsTheIssuesExample() {
        assertThat(read(ISSUE_EXAMPLE)).isEqualTo(new StoreSettings("jdbc:postgresql://db:5432/lexsync",
                "s3://lexsync-blobs/prod", URI.create("http://127.0.0.1:9000"), "us-east-1", true,
                "LEXSYNC_S3_ACCESS_KEY", "LEXSYNC_S3_SECRET_KEY", URI.create("http://127.0.0.1:3030/lexsync")));
    }

    @Test
    void aFileWithoutTheSectionHasNone() {
        assertThat(read("sources: []\n")).isEqualTo(StoreSettings.NONE);
        assertThat(read("")).isEqualTo(StoreSettings.NONE);
    }

    @Test
    void theWholeFileReaderAcceptsAndChecksTheSection() {
        ConfigReader reader = new ConfigReader(Set.of("atom"));
        assertThat(reader.read(new StringReader(ISSUE_EXAMPLE), Path.of("lexsync.yaml")).sources()).isEmpty();
        assertThatThrownBy(() -> reader.read(new StringReader("sources: []\nstore:\n  blobs: ftp://x\n"),
                Path.of("lexsync.yaml")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("lexsync.yaml:3: store.blobs: must be s3://");
    }

    @Test
    void anUnknownKeyIsNamedWithItsLine() {
        assertThatThrownBy(() -> read("store:\n  blobs: s3://lexsync-blobs/x\n  s3:\n    regoin: eu\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("lexsync.yaml:4: store.s3.regoin: unknown key");
    }

    @Test
    void aCredentialInTheFileIsRefusedWithoutRepeatingIt() {
        assertThatThrownBy(() -> read("store:\n  blobs: s3://lexsync-blobs/x\n  s3: {secret-key: hunter2-secret}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("store.s3.secret-key: credentials are never read from this file")
                .hasMessageNotContaining("hunter2-secret");
    }

    @Test
    void aBadJdbcUrlIsRefusedWithoutQuotingIt() {
        assertThatThrownBy(() -> read("store:\n  jdbc-url: mysql://u:pw-in-url@db/x\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("lexsync.yaml:2: store.jdbc-url:")
                .hasMessageNotContaining("pw-in-url");
    }

    @Test
    void s3SettingsWithoutBlobsAreRefused() {
        assertThatThrownBy(() -> read("store:\n  s3: {endpoint: http://127.0.0.1:9000}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("store.s3: needs store.blobs");
    }

    @Test
    void aCredentialVariableMustBeAVariableName() {
        assertThatThrownBy(() -> read("store:\n  blobs: s3://lexsync-blobs/x\n  s3: {access-key-env: 'AK IA'}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("store.s3.access-key-env: must name an"
                        + " environment variable");
    }

    @Test
    void theRdfStoreMustBeAnHttpUrl() {
        assertThatThrownBy(() -> read("store:\n  rdf: /var/tdb\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("lexsync.yaml:2: store.rdf: must be an"
                        + " absolute http(s) URL");
    }

    @Test
    void theBlobCacheBoundIsAWholeNumberOfBytes() {
        assertThat(read("store:\n  blob-cache-bytes: 0\n").blobCacheBytes()).isZero();
        assertThat(read("store:\n  blobs: s3://lexsync-blobs/x\n  blob-cache-bytes: 536870912\n").blobCacheBytes())
                .isEqualTo(536_870_912L);
        assertThat(read(ISSUE_EXAMPLE).blobCacheBytes()).isNull();
        assertThatThrownBy(() -> read("store:\n  blob-cache-bytes: 1G\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("lexsync.yaml:2: store.blob-cache-bytes: must"
                        + " be a whole number of bytes");
        assertThatThrownBy(() -> read("store:\n  blob-cache-bytes: -1\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("store.blob-cache-bytes: must be 0 or more");
    }
}
