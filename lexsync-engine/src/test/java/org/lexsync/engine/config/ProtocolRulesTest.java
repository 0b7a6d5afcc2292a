package org.lexsync.engine.config;

import org.lexsync.engine.model.ConfigException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Protocol-specific rules are checked when {@code lexsync.yaml} is read, with file, line and key. */
class ProtocolRulesTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom", "eli", "resourcesync"));

    private static LexsyncConfig parse(String yaml) {
        return READER.read(new StringReader(yaml), Path.of("lexsync.yaml"));
    }

    @Test
    void anEliSourceNeedsItsSitemapAndFeed() {
        assertThatThrownBy(() -> parse("sources:\n  - id: e\n    protocol: eli\n    url: https://x.example/sitemap.xml\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("lexsync.yaml:4: sources[0].url: the eli protocol needs two URLs: the Sitemap, then the update"
                        + " feed; got 1");
    }

    @Test
    void anEliSourceWithBothUrlsIsRead() {
        assertThat(parse("sources:\n  - id: e\n    protocol: eli\n    urls: [https://x.example/s.xml, https://x.example/f]\n"
                + "    options: {full-text: first, formats: 'pdf,html'}\n").sources()).hasSize(1);
    }

    @Test
    void anAtomOrResourceSyncSourceNeedsOneUrl() {
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    urls:\n      - https://x.example/a\n"
                + "      - https://x.example/b\n"))
                .hasMessage("lexsync.yaml:5: sources[0].urls: the atom protocol needs one URL (the subscription feed); got 2");
        assertThatThrownBy(() -> parse("sources:\n  - {id: r, protocol: resourcesync, urls: [https://x.example/a,"
                + " https://x.example/b]}\n"))
                .hasMessageContaining("sources[0].urls: the resourcesync protocol needs one URL");
    }

    @Test
    void anUnknownOptionListsTheKnownOnes() {
        assertThatThrownBy(() -> parse("sources:\n  - id: r\n    protocol: resourcesync\n    url: https://x.example/\n"
                + "    options:\n      basline: dump\n"))
                .hasMessageStartingWith("lexsync.yaml:6: sources[0].options.basline: unknown option for protocol"
                        + " resourcesync (known: access-token, baseline, capability-list,");
    }

    @Test
    void aBadOptionValueSaysWhatIsExpected() {
        assertThatThrownBy(() -> parse("sources:\n  - id: r\n    protocol: resourcesync\n    url: https://x.example/\n"
                + "    options:\n      baseline: everything\n"))
                .hasMessage("lexsync.yaml:6: sources[0].options.baseline: must be one of list, dump, auto, was 'everything'");
        assertThatThrownBy(() -> parse("sources:\n  - id: a\n    protocol: atom\n    url: https://x.example/\n"
                + "    options: {max-delete-fraction: 2}\n"))
                .hasMessageContaining("sources[0].options.max-delete-fraction: must be a number from 0 to 1, was '2'");
        assertThatThrownBy(() -> parse("sources:\n  - id: e\n    protocol: eli\n    urls: [https://x.example/s, https://x.example/f]\n"
                + "    options: {full-text: some}\n"))
                .hasMessageContaining("sources[0].options.full-text: must be one of none, first, all, was 'some'");
    }
}
