package org.lexsync.engine.config;

import org.lexsync.engine.model.ConfigException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigReaderTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom", "resourcesync"));

    private static LexsyncConfig parse(String yaml) {
        return READER.read(new StringReader(yaml), Path.of("lexsync.yaml"));
    }

    private static LexsyncConfig fixture() throws Exception {
        return READER.read(Path.of(ConfigReaderTest.class.getResource("lexsync.yaml").toURI()));
    }

    @Test
    void readsEverySourceKey() throws Exception {
        SourceConfig sfs = fixture().source("sfs").orElseThrow();
        assertThat(sfs.protocol()).isEqualTo("atom");
        assertThat(sfs.urls()).containsExactly(URI.create("https://rinfo.example.se/sfs/feed.atom"));
        assertThat(sfs.delay()).isEqualTo(Duration.ofSeconds(5));
        assertThat(sfs.concurrency()).isEqualTo(1);
        assertThat(sfs.schedule()).isEqualTo("PT1H");
        assertThat(sfs.approved()).isTrue();
        assertThat(sfs.contact()).isEqualTo("mailto:rinfo@example.se");
        assertThat(sfs.options()).isEqualTo(Map.of("max-delete-fraction", "0.25"));
        assertThat(sfs.line()).isEqualTo(3);
    }

    @Test
    void protocolIsCaseInsensitiveAndApprovalDefaultsToFalse() throws Exception {
        SourceConfig rs = fixture().source("legislation.example").orElseThrow();
        assertThat(rs.protocol()).isEqualTo("resourcesync");
        assertThat(rs.approved()).isFalse();
        assertThat(parse("sources:\n  - {id: a, protocol: atom, url: 'http://x.example/f'}\n").sources().get(0).approved())
                .isFalse();
    }

    @Test
    void approvedListsOnlyApprovedSourcesInFileOrder() throws Exception {
        assertThat(fixture().approved()).extracting(SourceConfig::id).containsExactly("sfs", "domstol");
    }

    @Test
    void toRecordKeepsPolitenessAsText() throws Exception {
        assertThat(fixture().source("sfs").orElseThrow().toRecord().politeness()).isEqualTo("delay=5.0 concurrency=1");
    }

    @Test
    void emptyFileHasNoSources() {
        assertThat(parse("").sources()).isEmpty();
        assertThat(parse("sources:\n").sources()).isEmpty();
    }

    @Test
    void unknownKeyIsNamedWithItsLine() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n    aproved: true\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:5: sources[0].aproved: unknown key");
    }

    @Test
    void giveUpRuleIsReadPerSourceAndDefaultsWhenAbsent() {
        LexsyncConfig c = parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    give-up: {runs: 5, after: 2d}\n  - {id: b, protocol: atom, url: 'http://x.example/g'}\n");
        assertThat(c.source("a").orElseThrow().giveUp())
                .isEqualTo(new org.lexsync.engine.model.GiveUpRule(5, Duration.ofDays(2)));
        assertThat(c.source("b").orElseThrow().giveUp()).isNull();
        assertThat(parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    give-up: {after: PT12H}\n").sources().get(0).giveUp().runs()).isEqualTo(3);
    }

    @Test
    void aBadGiveUpValueIsNamedWithItsLine() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    give-up:\n      after: soon\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:6: sources[0].give-up.after: 'soon' is not a duration");
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    give-up: {runs: 0}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("sources[0].give-up.runs: must be a whole number");
    }

    @Test
    void aScheduleIsAnIsoDurationOrASixFieldCron() {
        assertThat(parse("sources:\n  - {id: a, protocol: atom, url: 'http://x.example/f', schedule: PT5S}\n")
                .sources().get(0).schedule()).isEqualTo("PT5S");
        assertThat(parse("sources:\n  - {id: a, protocol: atom, url: 'http://x.example/f', schedule: '0 0 3 * * *'}\n")
                .sources().get(0).schedule()).isEqualTo("0 0 3 * * *");
    }

    @Test
    void aBadScheduleIsNamedWithItsLine() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    schedule: every hour\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:5: sources[0].schedule: neither an ISO-8601 duration");
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    schedule: PT0.1S\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("sources[0].schedule: must be at least PT1S");
    }

    @Test
    void aCronWithAnHourOutOfRangeIsRefusedWithFileLineAndKey() {
        assertThatThrownBy(() -> parse(fourthSourceWithSchedule("0 0 25 * * *")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:12: sources[3].schedule: hour field '25': 25 is out of range 0-23");
    }

    @Test
    void aCronThatNeverFiresIsRefusedWithFileLineAndKey() {
        assertThatThrownBy(() -> parse(fourthSourceWithSchedule("0 0 0 30 2 *")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:12: sources[3].schedule: '0 0 0 30 2 *' never fires within a year");
    }

    /** Four sources, the fourth with {@code schedule} on line 12. */
    private static String fourthSourceWithSchedule(String schedule) {
        StringBuilder b = new StringBuilder("sources:\n");
        for (int i = 0; i < 3; i++) {
            b.append("  - {id: s").append(i).append(", protocol: atom, url: 'http://x.example/f', schedule: PT1H}\n");
        }
        b.append("  - id: s3\n    protocol: atom\n    url: http://x.example/f\n    politeness: {delay: 1}\n")
                .append("    approved: true\n    contact: mailto:a@x.example\n    options: {}\n")
                .append("    schedule: '").append(schedule).append("'\n");
        return b.toString();
    }

    @Test
    void missingProtocolIsNamed() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    url: http://x.example/f\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("sources[0].protocol: missing value");
    }

    @Test
    void unknownProtocolListsTheSupportedOnes() {
        assertThatThrownBy(() -> parse("sources:\n  - {id: a, protocol: gopher, url: 'http://x.example/f'}\n"))
                .hasMessageContaining("sources[0].protocol: unknown protocol 'gopher' (supported: atom, resourcesync)");
    }

    @Test
    void badUrlIsNamedWithItsIndex() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    urls:\n      - http://ok.example/\n"
                + "      - ftp://x.example/f\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(":6: sources[0].urls[1]: 'ftp://x.example/f' is not an absolute http(s) URL");
    }

    @Test
    void negativeDelayIsRefused() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: http://x.example/f\n"
                + "    politeness: {delay: -1}\n"))
                .hasMessageContaining("sources[0].politeness.delay: must be between 0 and 86400 seconds");
    }

    @Test
    void approvedMustBeABoolean() {
        assertThatThrownBy(() -> parse("sources:\n  - {id: a, protocol: atom, url: 'http://x.example/f', approved: yes}\n"))
                .hasMessageContaining("sources[0].approved: must be true or false, was 'yes'");
    }

    @Test
    void duplicateIdIsRefused() {
        assertThatThrownBy(() -> parse("sources:\n  - {id: a, protocol: atom, url: 'http://x.example/f'}\n"
                + "  - {id: a, protocol: atom, url: 'http://x.example/g'}\n"))
                .hasMessageContaining("sources[1].id: duplicate source id 'a'");
    }

    @Test
    void invalidYamlNamesTheLine() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n   protocol: [atom\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("not valid YAML");
    }

    @Test
    void tagsConstructNothing() {   // safe loading: a tag is just text to the node reader
        assertThatThrownBy(() -> parse("sources:\n  - !!javax.script.ScriptEngineManager [x]\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("sources[0]: must be a mapping");
    }

    @Test
    void missingFileIsAConfigError(@TempDir Path dir) {
        assertThatThrownBy(() -> READER.read(dir.resolve("nope.yaml"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("no such file");
    }
}
