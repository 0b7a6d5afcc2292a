package org.lexsync.engine.rdf;

import org.lexsync.engine.model.FullTextFormat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Graph;
import org.junit.jupiter.api.Test;

/** Full-text choice of ELI Pillar IV annex §4.2 over the fixture pages' metadata. */
class FullTextSelectorTest {
    private static final String FRA = Pages.LAW_003 + "/fra";
    private static final String ENG = Pages.LAW_003 + "/eng";
    private static final String FRA_LANG = "http://publications.europa.eu/resource/authority/language/FRA";

    private static Graph law003() {
        return Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();
    }

    private static List<FullTextChoice> select(Graph g, Set<String> languages, List<FullTextFormat> order,
                                               FullTextMode mode) {
        return FullTextSelector.select(g, Pages.LAW_003, languages, order, mode);
    }

    @Test
    void firstModeTakesOneFormatPerExpressionInExpressionOrder() {
        List<FullTextChoice> choices = select(law003(), Set.of(), FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST);

        // §4.2 1a + 2b: the HTML format has no eli:is_exemplified_by, so its own URI is the URL
        assertThat(choices).first().isEqualTo(new FullTextChoice(ENG,
                "http://publications.europa.eu/resource/authority/language/ENG", ENG + "/pdf", FullTextFormat.PDF,
                "http://country.xy/files/jo/2016/501/003/eng.pdf"));
        assertThat(choices).element(1).isEqualTo(new FullTextChoice(FRA, FRA_LANG, FRA + "/html",
                FullTextFormat.HTML, FRA + "/html"));
    }

    @Test
    void mediaTypeSearchOfAllKindsComesBeforeTheEliFormatFallback() {
        List<FullTextChoice> choices = select(law003(), Set.of("ENG"), FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST);

        // English HTML is only typed by eli:format: §4.2 1e applies only when 1a-1d found nothing, and 1d found the PDF
        assertThat(choices).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(FullTextFormat.PDF);
            assertThat(c.mediaType()).isEqualTo("application/pdf");
        });
    }

    @Test
    void eliFormatIsUsedWhenNoMediaTypeMatches() {
        List<FullTextChoice> choices = select(law003(), Set.of("en"), List.of(FullTextFormat.HTML), FullTextMode.FIRST);

        assertThat(choices).singleElement().satisfies(c -> {
            assertThat(c.format()).isEqualTo(ENG + "/html");
            assertThat(c.url()).isEqualTo(ENG + "/html");
        });
    }

    @Test
    void formatOrderCanPreferPdfAndThenUsesIsExemplifiedBy() {
        List<FullTextChoice> choices = select(law003(), Set.of("fr"),
                List.of(FullTextFormat.PDF, FullTextFormat.HTML), FullTextMode.FIRST);

        // the PDF's media type is the https IANA URI of §4.2; step 2a takes eli:is_exemplified_by
        assertThat(choices).singleElement().isEqualTo(new FullTextChoice(FRA, FRA_LANG, FRA + "/pdf",
                FullTextFormat.PDF, "http://country.xy/files/jo/2016/501/003/fra.pdf"));
    }

    @Test
    void languagesFilterAcceptsAuthorityCodesIsoCodesAndIris() {
        Graph g = law003();

        assertThat(select(g, Set.of("FRA"), FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST))
                .extracting(FullTextChoice::expression).containsExactly(FRA);
        assertThat(select(g, Set.of("fr"), FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST))
                .extracting(FullTextChoice::expression).containsExactly(FRA);
        assertThat(select(g, Set.of(FRA_LANG), FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST))
                .extracting(FullTextChoice::expression).containsExactly(FRA);
        assertThat(select(g, Set.of("deu"), FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST)).isEmpty();
    }

    @Test
    void allModeTakesEveryListedFormatInTheGivenOrder() {
        List<FullTextChoice> choices = select(law003(), Set.of(), FullTextSelector.DEFAULT_ORDER, FullTextMode.ALL);

        assertThat(choices).extracting(FullTextChoice::format).containsExactly(
                ENG + "/html", ENG + "/pdf", FRA + "/html", FRA + "/pdf");
    }

    @Test
    void allModeLeavesOutKindsNotListed() {
        List<FullTextChoice> choices = select(law003(), Set.of(), List.of(FullTextFormat.PDF), FullTextMode.ALL);

        assertThat(choices).extracting(FullTextChoice::kind).containsOnly(FullTextFormat.PDF).hasSize(2);
    }

    @Test
    void xmlIsChosenWhenThereIsNoHtml() {
        Graph g = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002 + "/").graph();

        List<FullTextChoice> choices = FullTextSelector.select(g, Pages.LAW_002, Set.of("eng"),
                FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST);

        assertThat(choices).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(FullTextFormat.XML);
            assertThat(c.url()).isEqualTo(Pages.LAW_002 + "/eng/xml");
        });
    }

    @Test
    void xhtmlIsFoundOnTheLegacyPage() {
        Graph g = Pages.extract("decree-2005-199-999-legacy.html", Pages.DECREE).graph();

        List<FullTextChoice> choices = FullTextSelector.select(g, Pages.DECREE, Set.of(),
                FullTextSelector.DEFAULT_ORDER, FullTextMode.FIRST);

        assertThat(choices).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(FullTextFormat.XHTML);
            assertThat(c.language()).endsWith("/DEU");
        });
    }

    @Test
    void expressionWithoutFormatYieldsNothing() {
        Graph g = Pages.extract("law-2016-501-004-no-format.html", Pages.LAW_004).graph();

        assertThat(FullTextSelector.select(g, Pages.LAW_004, Set.of(), FullTextSelector.DEFAULT_ORDER,
                FullTextMode.ALL)).isEmpty();
    }

    @Test
    void formatTokensParseByNameOrMediaType() {
        assertThat(FullTextFormat.parse("pdf")).isEqualTo(FullTextFormat.PDF);
        assertThat(FullTextFormat.parse("application/xhtml+xml")).isEqualTo(FullTextFormat.XHTML);
        assertThatThrownBy(() -> FullTextFormat.parse("docx")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("docx");
    }

    @Test
    void mediaTypeValuesMatchLeniently() {
        assertThat(FullTextFormat.HTML.matches("https://www.iana.org/assignments/media-types/text/html")).isTrue();
        assertThat(FullTextFormat.HTML.matches("http://www.iana.org/assignments/media-types/text/html/")).isTrue();
        assertThat(FullTextFormat.HTML.matches("text/html; charset=utf-8")).isTrue();
        assertThat(FullTextFormat.XML.matches("text/xml")).isTrue();
        assertThat(FullTextFormat.HTML.matches("http://www.iana.org/assignments/media-types/application/xhtml+xml")).isFalse();
    }
}
