package org.lexsync.engine.rdf;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.vocabulary.RDF;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.junit.jupiter.api.Test;

/** ELI Pillar IV §3.2.2 checks on the metadata of the fixture pages. */
class EliConformanceTest {

    @Test
    void conformantRdfaPageHasNoFindings() {
        Graph g = Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();

        assertThat(EliConformance.check(g, Pages.LAW_003).list()).isEmpty();
    }

    @Test
    void conformantJsonLdPageHasNoFindings() {
        Graph g = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002 + "/").graph();

        assertThat(EliConformance.check(g, Pages.LAW_002).list()).isEmpty();
    }

    @Test
    void pageDescribingOnlyTheExpressionDoesNotDescribeTheRequestedUri() {
        Graph g = Pages.extract("law-2016-501-001-expression-only.html", Pages.LAW_001 + "/fra").graph();

        Findings findings = EliConformance.check(g, Pages.LAW_001);

        assertThat(findings.list()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo(EliConformance.DESCRIBES_REQUESTED_URI);
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
        });
    }

    @Test
    void nearMissUriIsNamedInTheMessage() {
        Graph g = Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();

        Findings findings = EliConformance.check(g, "https://country.xy/eli/law/2016/501/003/jo/");

        assertThat(findings.list()).extracting(Finding::message).singleElement().asString()
                .contains("it describes " + Pages.LAW_003);
    }

    @Test
    void pageWithoutMetadataIsReportedAsSuch() {
        Graph g = Pages.extract("no-metadata.html", Pages.LAW_003).graph();

        assertThat(EliConformance.check(g, Pages.LAW_003).list()).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("no RDFa or JSON-LD"));
    }

    @Test
    void expressionWithoutFormatIsAnError() {
        Graph g = Pages.extract("law-2016-501-004-no-format.html", Pages.LAW_004).graph();

        Findings findings = EliConformance.check(g, Pages.LAW_004);

        assertThat(findings.list()).extracting(Finding::rule).containsExactly(EliConformance.FORMAT);
    }

    @Test
    void resourceWithoutExpressionIsAnError() {
        Graph g = GraphFactory.createDefaultGraph();
        g.add(Triple.create(Pages.iri(Pages.LAW_004), RDF.type.asNode(), Pages.eli("LegalResource")));

        assertThat(EliConformance.check(g, Pages.LAW_004).list()).extracting(Finding::rule)
                .containsExactly(EliConformance.EXPRESSION);
    }

    @Test
    void linkedExpressionDescribedElsewhereIsOnlyInformationWhenAnotherIsDescribed() {
        Graph g = Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();
        g.add(Triple.create(Pages.iri(Pages.LAW_003), Pages.eli("is_realized_by"), Pages.iri(Pages.LAW_003 + "/deu")));

        Findings findings = EliConformance.check(g, Pages.LAW_003);

        assertThat(findings.list()).extracting(Finding::rule).containsExactly(EliConformance.EXPRESSION_ELSEWHERE);
        assertThat(findings.hasErrors()).isFalse();
    }

    @Test
    void untypedResourceIsAWarning() {
        Graph g = Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();
        g.delete(Triple.create(Pages.iri(Pages.LAW_003), RDF.type.asNode(), Pages.eli("LegalResource")));

        assertThat(EliConformance.check(g, Pages.LAW_003).list()).extracting(Finding::rule)
                .containsExactly(EliConformance.LEGAL_RESOURCE_TYPE);
    }

    @Test
    void formatsWithoutMediaTypeAreAWarning() {
        Graph g = Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();
        g.remove(null, Pages.eli("media_type"), null);
        g.remove(null, Pages.eli("format"), null);

        assertThat(EliConformance.check(g, Pages.LAW_003).list()).extracting(Finding::rule)
                .containsExactly(EliConformance.FORMAT_MEDIA_TYPE);
    }
}
