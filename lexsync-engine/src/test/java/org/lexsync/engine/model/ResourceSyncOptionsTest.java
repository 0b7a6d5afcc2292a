package org.lexsync.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ResourceSync options read from text once, and built in code. */
class ResourceSyncOptionsTest {

    @Test
    void noTextGivesTheDefaults() {
        assertThat(ResourceSyncOptions.fromText(Map.of())).isEqualTo(ResourceSyncOptions.DEFAULT);
        assertThat(ResourceSyncOptions.DEFAULT.baseline()).isEqualTo(ResourceSyncOptions.Baseline.AUTO);
        assertThat(ResourceSyncOptions.DEFAULT.forceBaseline()).isFalse();
        assertThat(ResourceSyncOptions.DEFAULT.delete()).isTrue();
        assertThat(ResourceSyncOptions.DEFAULT.hash()).isEqualTo(ResourceSyncOptions.HashCheck.ALL);
    }

    @Test
    void aBaselineGivenAsTextForcesOne() {
        ResourceSyncOptions o = ResourceSyncOptions.fromText(Map.of("baseline", "DUMP"));
        assertThat(o.baseline()).isEqualTo(ResourceSyncOptions.Baseline.DUMP);
        assertThat(o.forceBaseline()).isTrue();
    }

    @Test
    void everyKeyIsRead() {
        ResourceSyncOptions o = ResourceSyncOptions.fromText(Map.of("delete", "no", "hash", "sha256",
                "from", "2024-01-31T00:00:00Z", "exclude", "/drafts/\n\\.tmp$", "capability-list",
                "https://example.org/cl.xml", "access-token", " s3cret ", "mirror",
                "https://mirror.example.org/\n\nhttp://m2.example.org/x/", "scratch-dir", "/tmp/scratch"));
        assertThat(o.delete()).isFalse();
        assertThat(o.hash()).isEqualTo(ResourceSyncOptions.HashCheck.SHA_256);
        assertThat(o.from().toInstant()).isEqualTo(java.time.Instant.parse("2024-01-31T00:00:00Z"));
        assertThat(o.excluded("https://example.org/drafts/1")).isTrue();
        assertThat(o.excluded("https://example.org/a.tmp")).isTrue();
        assertThat(o.excluded("https://example.org/acts/1")).isFalse();
        assertThat(o.capabilityList()).isEqualTo(URI.create("https://example.org/cl.xml"));
        assertThat(o.accessToken()).isEqualTo("s3cret");
        assertThat(o.mirrors()).containsExactly(URI.create("https://mirror.example.org/"),
                URI.create("http://m2.example.org/x/"));
        assertThat(o.scratchDir()).isEqualTo(Path.of("/tmp/scratch"));
    }

    @Test
    void aBadValueNamesKeyValueAndWhatIsExpected() {
        assertThatThrownBy(() -> ResourceSyncOptions.fromText(Map.of("baseline", "everything")))
                .isInstanceOfSatisfying(OptionException.class, e -> {
                    assertThat(e.key()).isEqualTo("baseline");
                    assertThat(e.value()).isEqualTo("everything");
                    assertThat(e.expected()).isEqualTo("one of list, dump, auto");
                })
                .hasMessage("option baseline must be one of list, dump, auto, was 'everything'");
        assertThatThrownBy(() -> ResourceSyncOptions.fromText(Map.of("exclude", "(unclosed")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.key()).isEqualTo("exclude"));
        assertThatThrownBy(() -> ResourceSyncOptions.fromText(Map.of("from", "last tuesday")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.key()).isEqualTo("from"));
        assertThatThrownBy(() -> ResourceSyncOptions.fromText(Map.of("mirror", "ftp://mirror.example.org/")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.key()).isEqualTo("mirror"));
        assertThatThrownBy(() -> ResourceSyncOptions.fromText(Map.of("capability-list", "cl.xml")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.key()).isEqualTo("capability-list"));
    }

    @Test
    void theBuilderRefusesAMirrorThatIsNotAnHttpUrlAtOnce() {
        assertThatThrownBy(() -> ResourceSyncOptions.builder().mirror(URI.create("file:///etc/")))
                .isInstanceOf(OptionException.class).hasMessageContaining("mirror");
    }

    @Test
    void toBuilderKeepsEverythingElse() {
        ResourceSyncOptions o = ResourceSyncOptions.fromText(Map.of("hash", "md5", "delete", "false"));
        ResourceSyncOptions changed = o.toBuilder().baseline(ResourceSyncOptions.Baseline.LIST).build();
        assertThat(changed.hash()).isEqualTo(ResourceSyncOptions.HashCheck.MD5);
        assertThat(changed.delete()).isFalse();
        assertThat(changed.baseline()).isEqualTo(ResourceSyncOptions.Baseline.LIST);
    }
}
