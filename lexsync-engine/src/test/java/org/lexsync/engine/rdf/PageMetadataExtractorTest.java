package org.lexsync.engine.rdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lexsync.engine.rdf.Pages.eli;
import static org.lexsync.engine.rdf.Pages.iri;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.vocabulary.RDF;
import org.junit.jupiter.api.Test;

/** RDFa 1.1 + JSON-LD extraction from Pillar III pages (ELI Pillar IV §3.2.2, annex §4.1 step 2c). */
class PageMetadataExtractorTest {
    private static final String FRA = Pages.LAW_003 + "/fra";
    private static final String ENG = Pages.LAW_003 + "/eng";

    private static ExtractedMetadata law003() {
        return Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html");
    }

    @Test
    void rdfaInHeadDescribesResourceExpressionsAndFormats() {
        Graph g = law003().graph();

        assertThat(g.contains(iri(Pages.LAW_003), RDF.type.asNode(), eli("LegalResource"))).isTrue();
        assertThat(g.contains(iri(Pages.LAW_003), eli("is_realized_by"), iri(FRA))).isTrue();
        assertThat(g.contains(iri(Pages.LAW_003), eli("is_realized_by"), iri(ENG))).isTrue();
        assertThat(g.contains(iri(FRA + "/pdf"), eli("media_type"),
                iri("https://www.iana.org/assignments/media-types/application/pdf"))).isTrue();
    }

    @Test
    void typedLiteralUsesTheDeclaredDatatype() {
        Graph g = law003().graph();

        assertThat(g.contains(iri(Pages.LAW_003), eli("date_document"),
                NodeFactory.createLiteralDT("2016-03-08", XSDDatatype.XSDdate))).isTrue();
    }

    @Test
    void languageOfXmlLangOnHtmlElementIsInheritedByLiterals() {
        Graph g = law003().graph();

        assertThat(g.contains(iri(FRA), eli("title"), NodeFactory.createLiteralLang(
                "Loi n° 2016-501 du 8 mars 2016 relative à la modernisation de la justice", "fr"))).isTrue();
    }

    @Test
    void xmlLangOnTheElementOverridesTheInheritedOne() {
        Graph g = law003().graph();

        assertThat(g.contains(iri(ENG), eli("title"), NodeFactory.createLiteralLang(
                "Law No. 2016-501 of 8 March 2016 on the modernisation of justice", "en"))).isTrue();
    }

    @Test
    void relativeHrefIsResolvedAgainstTheFinalPageUrl() {
        Graph g = law003().graph();

        assertThat(g.contains(iri(FRA + "/pdf"), eli("is_exemplified_by"),
                iri("http://country.xy/files/jo/2016/501/003/fra.pdf"))).isTrue();
    }

    @Test
    void htmlLinkTypesAreNotTurnedIntoTriples() {
        Graph g = law003().graph();

        // HTML+RDFa 1.1 §3.1: no default vocabulary, so rel="stylesheet" is no predicate
        assertThat(g.find(Node.ANY, iri("http://www.w3.org/1999/xhtml/vocab#stylesheet"), Node.ANY).hasNext()).isFalse();
        assertThat(law003().size()).isEqualTo(29);
    }

    @Test
    void wellFormedPageHasNoFindings() {
        ExtractedMetadata m = law003();

        assertThat(m.findings().list()).isEmpty();
        assertThat(m.rdfaTriples()).isEqualTo(29);
        assertThat(m.jsonLdTriples()).isZero();
    }

    @Test
    void upperCaseAttributeNamesAreProcessed() {
        Graph g = Pages.extract("decree-2005-199-999-legacy.html", Pages.DECREE).graph();

        assertThat(g.contains(iri(Pages.DECREE), RDF.type.asNode(), eli("LegalResource"))).isTrue();
        assertThat(g.contains(iri(Pages.DECREE + "/deu"), RDF.type.asNode(), eli("LegalExpression"))).isTrue();
    }

    @Test
    void undeclaredEliPrefixIsTakenAsTheEliOntologyWithAFinding() {
        ExtractedMetadata m = Pages.extract("decree-2005-199-999-legacy.html", Pages.DECREE);

        assertThat(m.graph().contains(iri(Pages.DECREE), eli("is_realized_by"), iri(Pages.DECREE + "/deu"))).isTrue();
        assertThat(m.findings().has(RdfaBridge.ELI_PREFIX_RULE)).isTrue();
        assertThat(m.findings().list()).singleElement().satisfies(f -> {
            assertThat(f.line()).isEqualTo(12);
            assertThat(f.message()).contains("9 time(s)");
        });
    }

    @Test
    void initialContextPrefixesNeedNoDeclaration() {
        Graph g = Pages.extract("decree-2005-199-999-legacy.html", Pages.DECREE).graph();

        // dcterms: and xsd: come from the RDFa 1.1 initial context; the raw ISO-8859-1 byte is decoded by the meta charset
        assertThat(g.contains(iri(Pages.DECREE), iri("http://purl.org/dc/terms/publisher"),
                NodeFactory.createLiteralLang("Amtsblatt für Country.xy", "de"))).isTrue();
        assertThat(g.contains(iri(Pages.DECREE), eli("date_document"),
                NodeFactory.createLiteralDT("2005-09-05", XSDDatatype.XSDdate))).isTrue();
    }

    @Test
    void relativeBaseHrefIsResolvedAndGovernsRelativeAbout() {
        ExtractedMetadata m = Pages.extract("decree-2005-199-999-legacy.html", Pages.DECREE);

        assertThat(m.baseUri()).isEqualTo("http://country.xy/eli/decree/2005/199/999/");
        assertThat(m.graph().contains(iri(Pages.DECREE + "/deu/xhtml"), eli("media_type"),
                iri("http://www.iana.org/assignments/media-types/application/xhtml+xml"))).isTrue();
    }

    @Test
    void vocabAttributeResolvesBareTermsWithoutLoadingTheVocabulary() {
        ExtractedMetadata m = Pages.extract("law-2016-501-001-expression-only.html", Pages.LAW_001 + "/fra");

        assertThat(m.graph().contains(iri(Pages.LAW_001 + "/fra"), RDF.type.asNode(), eli("LegalExpression"))).isTrue();
        assertThat(m.graph().contains(iri(Pages.LAW_001 + "/fra"), eli("is_embodied_by"),
                iri(Pages.LAW_001 + "/fra/html"))).isTrue();
        assertThat(m.findings().list()).isEmpty();
    }

    @Test
    void charsetHintOverridesTheDocument() {
        byte[] page = "<html lang=en><head><meta property=\"http://purl.org/dc/terms/title\" content=\"Ångström\"></head></html>"
                .getBytes(StandardCharsets.ISO_8859_1);

        ExtractedMetadata m = new PageMetadataExtractor().extract(page, URI.create("http://country.xy/eli/x"),
                StandardCharsets.ISO_8859_1);

        assertThat(m.graph().contains(iri("http://country.xy/eli/x"), iri("http://purl.org/dc/terms/title"),
                NodeFactory.createLiteralLang("Ångström", "en"))).isTrue();
    }

    @Test
    void jsonLdOnlyPageYieldsItsTriples() {
        ExtractedMetadata m = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002);

        assertThat(m.rdfaTriples()).isZero();
        assertThat(m.graph().contains(iri(Pages.LAW_002), RDF.type.asNode(), eli("LegalResource"))).isTrue();
        assertThat(m.graph().contains(iri(Pages.LAW_002), eli("date_document"),
                NodeFactory.createLiteralDT("2016-03-07", XSDDatatype.XSDdate))).isTrue();
    }

    @Test
    void jsonLdRelativeIdsResolveAgainstThePageUrl() {
        Graph g = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002 + "/").graph();

        assertThat(g.contains(iri(Pages.LAW_002 + "/fra"), eli("is_embodied_by"), iri(Pages.LAW_002 + "/fra/html"))).isTrue();
    }

    @Test
    void schemaOrgContextIsAnsweredFromTheBundledCopy() {
        ExtractedMetadata m = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002);

        assertThat(m.graph().contains(iri(Pages.LAW_002), RDF.type.asNode(), iri("http://schema.org/Legislation"))).isTrue();
        assertThat(m.graph().contains(iri(Pages.LAW_002), iri("http://schema.org/url"), iri(Pages.LAW_002))).isTrue();
        assertThat(m.findings().has(JsonLdBlocks.BUNDLED_CONTEXT_RULE)).isTrue();
    }

    @Test
    void unknownRemoteContextSkipsTheBlockWithAFinding() {
        ExtractedMetadata m = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002);

        assertThat(m.findings().has(JsonLdBlocks.REMOTE_CONTEXT_RULE)).isTrue();
        assertThat(m.graph().find(Node.ANY, iri("https://country.xy/eli/title"), Node.ANY).hasNext()).isFalse();
    }

    @Test
    void brokenJsonLdBlockIsAnErrorFindingAndTheOthersStillCount() {
        ExtractedMetadata m = Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002);

        assertThat(m.findings().list()).filteredOn(f -> f.rule().equals(JsonLdBlocks.SYNTAX_RULE))
                .singleElement().satisfies(f -> assertThat(f.line()).isEqualTo(65));
        assertThat(m.jsonLdTriples()).isEqualTo(25);
    }

    @Test
    void remoteContextIsNeverFetched() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            byte[] body = "{\"@context\": {\"t\": \"http://example.org/t\"}}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/ld+json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String context = "http://127.0.0.1:" + server.getAddress().getPort() + "/context.jsonld";
            String page = "<html><head><script type=\"application/ld+json\">{\"@context\": \"" + context
                    + "\", \"@id\": \"http://country.xy/eli/x\", \"t\": \"v\"}</script></head></html>";

            ExtractedMetadata m = new PageMetadataExtractor().extract(
                    new ByteArrayInputStream(page.getBytes(StandardCharsets.UTF_8)), URI.create("http://country.xy/eli/x"), null);

            assertThat(requests).hasValue(0);
            assertThat(m.graph().isEmpty()).isTrue();
            assertThat(m.findings().has(JsonLdBlocks.REMOTE_CONTEXT_RULE)).isTrue();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void rdfaAndJsonLdOfOnePageAreMerged() {
        String page = """
                <html prefix="eli: http://data.europa.eu/eli/ontology#"><head>
                <meta about="http://country.xy/eli/x" property="eli:number" content="7">
                <script type="application/ld+json">{"@id": "http://country.xy/eli/x",
                  "http://data.europa.eu/eli/ontology#title": "T"}</script></head></html>""";

        ExtractedMetadata m = new PageMetadataExtractor().extract(page.getBytes(StandardCharsets.UTF_8),
                URI.create("http://country.xy/eli/x"), StandardCharsets.UTF_8);

        assertThat(m.rdfaTriples()).isEqualTo(1);
        assertThat(m.jsonLdTriples()).isEqualTo(1);
        assertThat(m.size()).isEqualTo(2);
    }

    @Test
    void pageAboveTheSizeLimitIsATypedFailure() {
        PageMetadataExtractor small = new PageMetadataExtractor(100, 100);

        assertThatThrownBy(() -> small.extract(new ByteArrayInputStream(new byte[101]),
                URI.create("http://country.xy/eli/x"), null))
                .isInstanceOf(MetadataExtractionException.class)
                .satisfies(e -> assertThat(((MetadataExtractionException) e).document()).isEqualTo("http://country.xy/eli/x"));
    }

    @Test
    void underscoreLanguageTagIsRepairedWithAFinding() {
        String page = "<html lang=\"fr_FR\"><head><meta about=\"http://country.xy/eli/x\" "
                + "property=\"http://purl.org/dc/terms/title\" content=\"Loi\"></head></html>";

        ExtractedMetadata m = new PageMetadataExtractor().extract(page.getBytes(StandardCharsets.UTF_8),
                URI.create("http://country.xy/eli/x"), StandardCharsets.UTF_8);

        assertThat(m.graph().contains(iri("http://country.xy/eli/x"), iri("http://purl.org/dc/terms/title"),
                NodeFactory.createLiteralLang("Loi", "fr-FR"))).isTrue();
        assertThat(m.findings().list()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo(JenaTripleSink.LANGUAGE_RULE);
            assertThat(f.line()).isEqualTo(1);
        });
    }

    @Test
    void invalidLanguageTagLeavesTheLiteralUntagged() {
        String page = "<html lang=\"not a tag\"><head><meta about=\"http://country.xy/eli/x\" "
                + "property=\"http://purl.org/dc/terms/title\" content=\"Loi\"></head></html>";

        ExtractedMetadata m = new PageMetadataExtractor().extract(page.getBytes(StandardCharsets.UTF_8),
                URI.create("http://country.xy/eli/x"), StandardCharsets.UTF_8);

        assertThat(m.graph().contains(iri("http://country.xy/eli/x"), iri("http://purl.org/dc/terms/title"),
                NodeFactory.createLiteralString("Loi"))).isTrue();
        assertThat(m.findings().has(JenaTripleSink.LANGUAGE_RULE)).isTrue();
    }

    @Test
    void deeplyNestedJsonLdIsAFindingNotACrash() {
        String nested = "[".repeat(200_000) + "]".repeat(200_000);
        String page = "<html><head><script type=\"application/ld+json\">{\"@id\": \"http://country.xy/eli/x\", "
                + "\"http://purl.org/dc/terms/title\": " + nested + "}</script></head></html>";

        ExtractedMetadata m = new PageMetadataExtractor().extract(page.getBytes(StandardCharsets.UTF_8),
                URI.create("http://country.xy/eli/x"), StandardCharsets.UTF_8);

        assertThat(m.findings().has(JsonLdBlocks.SYNTAX_RULE)).isTrue();
    }

    @Test
    void pageWithoutMetadataYieldsAnEmptyGraph() {
        ExtractedMetadata m = Pages.extract("no-metadata.html", "http://country.xy/eli/maintenance");

        assertThat(m.graph().isEmpty()).isTrue();
    }
}
