package org.lexsync.engine.rdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.engine.rdf.Pages.eli;
import static org.lexsync.engine.rdf.Pages.iri;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.graph.GraphFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.lexsync.core.findings.Findings;

/** Skipping markup that cannot carry RDFa must not change what the RDFa bridge extracts. */
class InertMarkupTest {
    private static final String PAGE_URL = "http://country.xy/eli/law/2024/7/jo/fra/html";
    private static final String LAW = "http://country.xy/eli/law/2024/7/jo";

    /** The page's RDFa triples and findings, replaying every element ({@code all}) or skipping inert ones. */
    private static Result rdfa(String html, boolean all) {
        Document page = Jsoup.parse(html, PAGE_URL);
        Graph graph = GraphFactory.createDefaultGraph();
        Findings findings = new Findings();
        ElementPosition position = new ElementPosition(PAGE_URL);
        JenaTripleSink sink = new JenaTripleSink(graph, findings, position);
        Set<Element> carrying = all ? null : InertMarkup.carryingRdfa(page);
        RdfaBridge.extract(page, PAGE_URL, sink, position, findings, carrying);
        return new Result(graph, findings.toString());
    }

    private record Result(Graph graph, String findings) {
    }

    private static void assertSameEitherWay(String html) {
        Result all = rdfa(html, true);
        Result skipping = rdfa(html, false);
        assertThat(skipping.graph().isIsomorphicWith(all.graph())).as(html).isTrue();
        assertThat(skipping.findings()).isEqualTo(all.findings());
    }

    private static String page(String body) {
        return "<!DOCTYPE html><html lang=\"fr\" prefix=\"eli: http://data.europa.eu/eli/ontology#\"><head>"
                + "<meta about=\"" + LAW + "\" typeof=\"eli:LegalResource\"></head><body>" + body + "</body></html>";
    }

    @Test
    void presentationalAttributesAreInertAndRdfaOnesAreNot() {
        Document page = Jsoup.parse("<div class=\"a\" id=\"b\" style=\"c\" data-x=\"1\" aria-label=\"l\"><p>t</p></div>"
                + "<span lang=\"en\"></span><a href=\"/x\"></a><span property=\"eli:title\"></span>", PAGE_URL);

        assertThat(InertMarkup.inert(page.selectFirst("div"))).isTrue();
        assertThat(InertMarkup.inert(page.selectFirst("p"))).isTrue();
        assertThat(InertMarkup.inert(page.selectFirst("span[lang]"))).isFalse();
        assertThat(InertMarkup.inert(page.selectFirst("a"))).isFalse();
        assertThat(InertMarkup.inert(page.selectFirst("span[property]"))).isFalse();
        assertThat(InertMarkup.inert(page.body())).isFalse();
        assertThat(InertMarkup.carryingRdfa(page)).contains(page.body()).doesNotContain(page.selectFirst("div"));
    }

    @Test
    void rdfaDeepInsideInertWrappersIsStillFound() {
        String html = page("<main class=\"m\"><article><section id=\"s1\"><div class=\"w\">"
                + "<span about=\"" + LAW + "\" property=\"eli:number\" content=\"2024-7\"></span></div></section>"
                + "<section id=\"s2\"><p>text</p></section></article></main>");

        Graph g = rdfa(html, false).graph();

        assertThat(g.contains(iri(LAW), eli("number"), NodeFactory.createLiteralLang("2024-7", "fr"))).isTrue();
        assertSameEitherWay(html);
    }

    @Test
    void literalTextUnderInertMarkupIsKept() {
        String html = page("<h1 about=\"" + LAW + "\" property=\"eli:title\">Loi <em class=\"x\">n° 7</em>"
                + " <span><b>du 12 mars</b></span></h1>");

        Graph g = rdfa(html, false).graph();

        assertThat(g.contains(iri(LAW), eli("title"), NodeFactory.createLiteralLang("Loi n° 7 du 12 mars", "fr")))
                .isTrue();
        assertSameEitherWay(html);
    }

    @Test
    void hangingRelIsCompletedThroughInertMarkup() {
        String html = page("<div about=\"" + LAW + "\" rel=\"eli:cites\"><div class=\"w\"><ul><li>"
                + "<a href=\"/eli/law/2016/501/003/jo\">loi 2016-501</a></li></ul></div>"
                + "<div class=\"inert\"><p>nothing</p></div></div>");

        Graph g = rdfa(html, false).graph();

        assertThat(g.contains(iri(LAW), eli("cites"), iri("http://country.xy/eli/law/2016/501/003/jo"))).isTrue();
        assertSameEitherWay(html);
    }

    @Test
    void fixturePagesGiveTheSameTriplesAndFindingsEitherWay() {
        for (String name : List.of("law-2016-501-003-rdfa.html", "law-2016-501-002-jsonld.html",
                "law-2016-501-001-expression-only.html", "law-2016-501-004-no-format.html",
                "decree-2005-199-999-legacy.html", "no-metadata.html")) {
            assertSameEitherWay(new String(Pages.bytes(name), StandardCharsets.UTF_8));
        }
        assertSameEitherWay(page("<div typeof=\"eli:Format\"><p class=\"x\">text</p></div>"
                + "<div vocab=\"http://schema.org/\"><span class=\"y\"><i>a</i></span><span property=\"name\">n</span></div>"
                + "<ol inlist=\"\" rel=\"eli:cites\"><li class=\"z\"><a href=\"/a\">a</a></li></ol>"
                + "<p datatype=\"rdf:XMLLiteral\" property=\"eli:description\">x <b class=\"q\">y</b></p>"));
    }
}
