package org.lexsync.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** ELI options (annex §4.2 full texts) read from text. */
class EliOptionsTest {

    @Test
    void noTextMeansMetadataOnly() {
        assertThat(EliOptions.fromText(Map.of())).isEqualTo(EliOptions.DEFAULT);
    }

    @Test
    void fullTextsLanguagesFormatsAndResyncAreRead() {
        EliOptions o = EliOptions.fromText(Map.of("full-text", "First", "languages", "en, fr,,", "formats",
                "pdf,text/html", "resync", "true"));
        assertThat(o.fullText()).isEqualTo(EliOptions.FullText.FIRST);
        assertThat(o.languages()).containsExactlyInAnyOrder("en", "fr");
        assertThat(o.formats()).containsExactly(FullTextFormat.PDF, FullTextFormat.HTML);
        assertThat(o.resync()).isTrue();
    }

    @Test
    void aBadValueNamesItsKey() {
        assertThatThrownBy(() -> EliOptions.fromText(Map.of("full-text", "some")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.expected())
                        .isEqualTo("one of none, first, all"));
        assertThatThrownBy(() -> EliOptions.fromText(Map.of("formats", "docx")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.key()).isEqualTo("formats"));
        assertThatThrownBy(() -> EliOptions.fromText(Map.of("resync", "maybe")))
                .isInstanceOfSatisfying(OptionException.class, e -> assertThat(e.key()).isEqualTo("resync"));
    }
}
