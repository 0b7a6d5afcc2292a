package org.lexsync.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ResultFormat;

/**
 * The RDF an ELI document's page shows (issue 33): the statements of the named graph the harvest keeps for the legal
 * resource (graph name = its URI, DESIGN §3), read through the facade's SPARQL access, each classified as the title,
 * a date or a relation to another resource so the page can show those first; and the SPARQL query that reads them,
 * for the link to {@code GET /api/sparql}. A URI that cannot be written as a SPARQL IRI has no RDF here.
 */
public final class DocumentRdf {
    /** The most statements read for one document. */
    public static final int LIMIT = 500;
    static final String ELI = "http://data.europa.eu/eli/ontology#";
    private static final Pattern IRI = Pattern.compile("[^\\x00-\\x20<>\"{}|^`\\\\]+");
    private static final ObjectMapper JSON = new ObjectMapper();

    private DocumentRdf() {
    }

    /** What a statement says, for ordering and styling on the page. */
    public enum Kind { TITLE, DATE, RELATION, OTHER }

    /** One statement of the graph: subject, predicate, object (an IRI when {@code objectIri}), its kind. */
    public record Statement(String subject, String predicate, String object, boolean objectIri, Kind kind) {
        /** The predicate with the ELI namespace written {@code eli:}. */
        public String shortPredicate() {
            return predicate.startsWith(ELI) ? "eli:" + predicate.substring(ELI.length()) : predicate;
        }
    }

    /**
     * What a document's page and {@code GET /api/documents/{source}/{uri}} show of its RDF: the statements, the query
     * that reads them (null for a URI SPARQL cannot carry), and why they could not be read (null when they were).
     */
    public record Section(List<Statement> statements, @Nullable String query, @Nullable String error) {
    }

    /**
     * The section of document {@code uri} of source {@code sourceId}, or null when the source is not an ELI one
     * (only ELI harvests keep graphs). A graph store that cannot answer is reported in the section, not thrown: the
     * rest of the page stays readable.
     */
    public static @Nullable Section section(LexSync lexsync, String sourceId, String uri) {
        boolean eli = lexsync.store().storedSource(sourceId).map(r -> "eli".equals(r.protocol())).orElse(false);
        if (!eli) {
            return null;
        }
        String query = query(uri);
        try {
            return new Section(of(lexsync, uri), query, null);
        } catch (RuntimeException e) {
            return new Section(List.of(), query, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /** The SPARQL query of the graph named {@code uri}, or null when the URI is no IRI SPARQL can carry. */
    public static @Nullable String query(String uri) {
        if (!IRI.matcher(uri).matches()) {
            return null;
        }
        return "SELECT ?s ?p ?o WHERE { GRAPH <" + uri + "> { ?s ?p ?o } } ORDER BY ?s ?p ?o LIMIT " + LIMIT;
    }

    /** The path of {@code GET /api/sparql} that runs {@link #query}. */
    public static String apiPath(String query) {
        return "/api/sparql?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    }

    /**
     * The statements of the graph named {@code uri}: titles first, then dates, relations and the rest; empty when
     * there is no such graph (a document of another protocol) or the URI cannot be queried.
     */
    public static List<Statement> of(LexSync lexsync, String uri) {
        String query = query(uri);
        if (query == null) {
            return List.of();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        lexsync.sparql(query, ResultFormat.JSON, out);
        JsonNode bindings;
        try {
            bindings = JSON.readTree(out.toByteArray()).path("results").path("bindings");
        } catch (IOException e) {
            throw new UncheckedIOException("SPARQL results of graph " + uri + " are not JSON", e);
        }
        List<Statement> statements = new ArrayList<>();
        for (JsonNode b : bindings) {
            String p = b.path("p").path("value").asText();
            JsonNode o = b.path("o");
            boolean iri = "uri".equals(o.path("type").asText());
            statements.add(new Statement(b.path("s").path("value").asText(), p, o.path("value").asText(), iri,
                    kind(p, iri, o.path("datatype").asText(""))));
        }
        statements.sort(java.util.Comparator.comparing(Statement::kind));
        return statements;
    }

    static Kind kind(String predicate, boolean objectIri, String datatype) {
        String local = predicate.substring(Math.max(predicate.lastIndexOf('#'), predicate.lastIndexOf('/')) + 1)
                .toLowerCase(Locale.ROOT);
        if (local.equals("title") || local.equals("title_short") || local.equals("title_alternative")) {
            return Kind.TITLE;
        }
        if (local.startsWith("date") || local.contains("_date") || datatype.endsWith("#date")
                || datatype.endsWith("#dateTime")) {
            return Kind.DATE;
        }
        if (objectIri && !local.equals("type")) {
            return Kind.RELATION;
        }
        return Kind.OTHER;
    }
}
