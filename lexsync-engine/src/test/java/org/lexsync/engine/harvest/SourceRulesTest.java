package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The URL count a protocol's rules name is the one check of a source's URLs outside {@code lexsync.yaml}. */
class SourceRulesTest {
    private static final SourceRules TWO = new SourceRules(2, "two URLs: the Sitemap, then the update feed", List.of());

    @Test
    void anotherNumberOfUrlsIsRefusedNamingProtocolMeaningAndSource() {
        assertThatThrownBy(() -> TWO.requireUrls("eli", "gazette", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the eli protocol needs two URLs: the Sitemap, then the update feed; source gazette has 1");
    }

    @Test
    void theNamedNumberOfUrlsPasses() {
        assertThatCode(() -> TWO.requireUrls("eli", "gazette", 2)).doesNotThrowAnyException();
    }
}
