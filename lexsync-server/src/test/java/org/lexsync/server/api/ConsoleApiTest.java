package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.server.dashboard.ConsoleFixtures;

/**
 * The console's API (issue 33) over the sources of the dashboard's console fixture: {@code GET /api/findings} groups
 * the last runs' findings by rule, per source and across sources, and refuses a bad {@code runs} with a JSON 400;
 * {@code GET /api/sparql} answers SPARQL JSON results and refuses a broken query with a JSON 400 naming it; an ELI
 * document's API answer carries its RDF and the SPARQL link.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path dir;
    private ConsoleFixtures.Handle fixture;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start() throws Exception {
        fixture = ConsoleFixtures.start(dir);
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(fixture.uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void findingsAreGroupedByRuleAcrossSources() throws Exception {
        HttpResponse<String> r = get("/api/findings");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode rules = JSON.readTree(r.body()).get("rules");
        assertThat(rules.get(0).get("rule").asText()).isEqualTo(ConsoleFixtures.CYCLE_RULE);
        assertThat(rules.get(0).get("count").asLong()).isEqualTo(2);
        assertThat(rules.get(0).get("runs").asLong()).isEqualTo(2);
        assertThat(rules.get(0).get("sources").get("cyc").asLong()).isEqualTo(2);
        assertThat(rules.get(0).get("examples").get(0).get("source").asText()).isEqualTo("cyc");
        assertThat(JSON.readTree(r.body()).get("failures").isArray()).isTrue();
    }

    @Test
    void findingsOfOneSourceAndOfItsLastRunOnly() throws Exception {
        JsonNode one = JSON.readTree(get("/api/findings?source=cyc&runs=1").body());
        assertThat(one.get("runsRead").asInt()).isEqualTo(1);
        assertThat(one.get("rules")).hasSize(1);
        assertThat(one.get("rules").get(0).get("count").asLong()).isEqualTo(1);
    }

    @Test
    void aBadNumberOfRunsIsRefusedNamingTheParameter() throws Exception {
        HttpResponse<String> r = get("/api/findings?runs=many");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error").asText())
                .isEqualTo("query parameter runs must be a whole number from 1 to 1000, was 'many'");
    }

    @Test
    void sparqlAnswersResultsAndRefusesABrokenQuery() throws Exception {
        String query = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }";
        HttpResponse<String> ok = get("/api/sparql?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/sparql-results+json");
        assertThat(JSON.readTree(ok.body()).at("/results/bindings/0/n/value").asLong()).isPositive();

        HttpResponse<String> broken = get("/api/sparql?query=" + URLEncoder.encode("SELECT WHERE {",
                StandardCharsets.UTF_8));
        assertThat(broken.statusCode()).isEqualTo(400);
        assertThat(broken.body()).doesNotContain("at org.");
        assertThat(get("/api/sparql").statusCode()).isEqualTo(400);
    }

    @Test
    void anEliDocumentsAnswerCarriesItsRdf() throws Exception {
        String uri = fixture.eliUri(1);
        JsonNode doc = JSON.readTree(get("/api/documents/eli/" + URLEncoder.encode(uri, StandardCharsets.UTF_8)
                .replace("+", "%20")).body());
        JsonNode rdf = doc.get("rdf");
        assertThat(rdf.get("error").isNull()).isTrue();
        assertThat(rdf.get("statements").get(0).get("kind").asText()).isEqualTo("title");
        assertThat(rdf.get("sparql").asText()).startsWith("/api/sparql?query=");
    }
}
