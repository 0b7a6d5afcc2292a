package org.lexsync.engine.rdf;

import org.lexsync.engine.model.FullTextFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.vocabulary.RDF;

/**
 * Chooses the full texts of a legal resource from its metadata graph, implementing ELI Pillar IV annex
 * §4.2: for each legal expression (optionally only some languages), look for an {@code eli:Format} whose
 * {@code eli:media_type} is HTML, then XHTML, XML, PDF (the order may be changed), and only if none is
 * found repeat the search on {@code eli:format} (step 1e); take {@code eli:is_exemplified_by} as the URL
 * when present, else the format's URI (step 2). A pure function of its arguments; results are in a
 * deterministic order (expressions by URI, then by the format order).
 */
public final class FullTextSelector {
    /** The order of annex §4.2 step 1 (a)–(d). */
    public static final List<FullTextFormat> DEFAULT_ORDER =
            List.of(FullTextFormat.HTML, FullTextFormat.XHTML, FullTextFormat.XML, FullTextFormat.PDF);

    /** ISO 639-1 codes of the EU languages and their EU authority-table codes (used in {@code eli:language}). */
    private static final Map<String, String> ISO_639_1 = Map.ofEntries(
            Map.entry("bg", "bul"), Map.entry("cs", "ces"), Map.entry("da", "dan"), Map.entry("de", "deu"),
            Map.entry("el", "ell"), Map.entry("en", "eng"), Map.entry("es", "spa"), Map.entry("et", "est"),
            Map.entry("fi", "fin"), Map.entry("fr", "fra"), Map.entry("ga", "gle"), Map.entry("hr", "hrv"),
            Map.entry("hu", "hun"), Map.entry("it", "ita"), Map.entry("lt", "lit"), Map.entry("lv", "lav"),
            Map.entry("mt", "mlt"), Map.entry("nl", "nld"), Map.entry("pl", "pol"), Map.entry("pt", "por"),
            Map.entry("ro", "ron"), Map.entry("sk", "slk"), Map.entry("sl", "slv"), Map.entry("sv", "swe"),
            Map.entry("lb", "ltz"), Map.entry("is", "isl"), Map.entry("no", "nor"));

    private static final Comparator<Node> NODE_ORDER =
            Comparator.comparing((Node n) -> n.isBlank()).thenComparing(FullTextSelector::label);

    private FullTextSelector() {
    }

    /**
     * @param graph         the resource's metadata (e.g. {@link ExtractedMetadata#graph()})
     * @param legalResource the ELI of the legal resource
     * @param languages     language filter, empty for all: EU authority codes ({@code FRA}), ISO 639-1 codes
     *                      ({@code fr}) or full language IRIs; an expression whose language is not stated is
     *                      left out when a filter is given
     * @param order         the kinds to look for, in order of preference (e.g. {@link #DEFAULT_ORDER})
     * @param mode          one format per expression, or every format of a listed kind
     */
    public static List<FullTextChoice> select(Graph graph, String legalResource, Set<String> languages,
                                              List<FullTextFormat> order, FullTextMode mode) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(legalResource, "legalResource");
        Objects.requireNonNull(languages, "languages");
        Objects.requireNonNull(mode, "mode");
        if (order == null || order.isEmpty()) {
            throw new IllegalArgumentException("the format order must name at least one format");
        }
        List<FullTextFormat> kinds = List.copyOf(new LinkedHashSet<>(order));
        Set<String> wanted = normalisedLanguages(languages);
        List<FullTextChoice> choices = new ArrayList<>();
        for (Node expression : expressions(graph, NodeFactory.createURI(legalResource))) {
            String language = language(graph, expression);
            if (!wanted.isEmpty() && (language == null || !wanted.contains(languageKey(language)))) {
                continue;
            }
            List<Node> formats = sorted(linked(graph, expression, Eli.IS_EMBODIED_BY, Eli.EMBODIES));
            String expressionUri = expression.isURI() ? expression.getURI() : null;
            if (mode == FullTextMode.FIRST) {
                FullTextChoice first = first(graph, formats, kinds, expressionUri, language);
                if (first != null) {
                    choices.add(first);
                }
            } else {
                choices.addAll(all(graph, formats, kinds, expressionUri, language));
            }
        }
        return List.copyOf(choices);
    }

    /** Steps 1a–1d on {@code eli:media_type}; step 1e repeats them on {@code eli:format}. */
    private static FullTextChoice first(Graph graph, List<Node> formats, List<FullTextFormat> kinds,
                                        String expression, String language) {
        for (Node property : List.of(Eli.MEDIA_TYPE, Eli.FORMAT_PROPERTY)) {
            for (FullTextFormat kind : kinds) {
                for (Node format : formats) {
                    if (declares(graph, format, property, kind)) {
                        String url = url(graph, format);
                        if (url != null) {
                            return new FullTextChoice(expression, language, uri(format), kind, url);
                        }
                    }
                }
            }
        }
        return null;
    }

    /** Every format of a listed kind; its kind comes from {@code eli:media_type}, else {@code eli:format}. */
    private static List<FullTextChoice> all(Graph graph, List<Node> formats, List<FullTextFormat> kinds,
                                            String expression, String language) {
        List<FullTextChoice> found = new ArrayList<>();
        for (FullTextFormat kind : kinds) {
            for (Node format : formats) {
                if (kindOf(graph, format, kinds) == kind) {
                    String url = url(graph, format);
                    if (url != null) {
                        found.add(new FullTextChoice(expression, language, uri(format), kind, url));
                    }
                }
            }
        }
        return found;
    }

    private static FullTextFormat kindOf(Graph graph, Node format, List<FullTextFormat> kinds) {
        for (Node property : List.of(Eli.MEDIA_TYPE, Eli.FORMAT_PROPERTY)) {
            for (FullTextFormat kind : kinds) {
                if (declares(graph, format, property, kind)) {
                    return kind;
                }
            }
        }
        return null;
    }

    private static boolean declares(Graph graph, Node format, Node property, FullTextFormat kind) {
        for (Triple t : graph.find(format, property, Node.ANY).toList()) {
            if (kind.matches(label(t.getObject()))) {
                return true;
            }
        }
        return false;
    }

    /** Step 2: {@code eli:is_exemplified_by} when present (and an http(s) URL), else the format's URI. */
    private static String url(Graph graph, Node format) {
        TreeSet<String> exemplars = new TreeSet<>();
        for (Triple t : graph.find(format, Eli.IS_EXEMPLIFIED_BY, Node.ANY).toList()) {
            String value = label(t.getObject()).strip();
            if (isHttp(value)) {
                exemplars.add(value);
            }
        }
        if (!exemplars.isEmpty()) {
            return exemplars.first();
        }
        return format.isURI() && isHttp(format.getURI()) ? format.getURI() : null;
    }

    /** Expressions linked to the resource either way; failing that, every typed expression in the graph. */
    static List<Node> expressions(Graph graph, Node resource) {
        Set<Node> linked = linked(graph, resource, Eli.IS_REALIZED_BY, Eli.REALIZES);
        if (linked.isEmpty()) {
            for (Triple t : graph.find(Node.ANY, RDF.type.asNode(), Eli.LEGAL_EXPRESSION).toList()) {
                linked.add(t.getSubject());
            }
        }
        return sorted(linked);
    }

    /** Objects of {@code node forward ?x} and subjects of {@code ?x backward node}. */
    static Set<Node> linked(Graph graph, Node node, Node forward, Node backward) {
        Set<Node> found = new LinkedHashSet<>();
        for (Triple t : graph.find(node, forward, Node.ANY).toList()) {
            if (!t.getObject().isLiteral()) {
                found.add(t.getObject());
            }
        }
        for (Triple t : graph.find(Node.ANY, backward, node).toList()) {
            found.add(t.getSubject());
        }
        return found;
    }

    private static String language(Graph graph, Node expression) {
        TreeSet<String> values = new TreeSet<>();
        for (Triple t : graph.find(expression, Eli.LANGUAGE, Node.ANY).toList()) {
            values.add(label(t.getObject()));
        }
        return values.isEmpty() ? null : values.first();
    }

    private static Set<String> normalisedLanguages(Set<String> languages) {
        Set<String> keys = new TreeSet<>();
        for (String l : languages) {
            String key = languageKey(l);
            keys.add(ISO_639_1.getOrDefault(key, key));
        }
        return keys;
    }

    /** {@code http://publications.europa.eu/resource/authority/language/FRA} and {@code FRA} both give {@code fra}. */
    private static String languageKey(String language) {
        String v = language.strip();
        int slash = v.lastIndexOf('/');
        if (slash >= 0 && slash < v.length() - 1) {
            v = v.substring(slash + 1);
        }
        String key = v.toLowerCase(Locale.ROOT);
        return ISO_639_1.getOrDefault(key, key);
    }

    private static List<Node> sorted(Set<Node> nodes) {
        List<Node> list = new ArrayList<>(nodes);
        list.sort(NODE_ORDER);
        return list;
    }

    private static boolean isHttp(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        return (lower.startsWith("http://") || lower.startsWith("https://")) && Iris.usable(value);
    }

    private static String uri(Node node) {
        return node.isURI() ? node.getURI() : null;
    }

    private static String label(Node node) {
        if (node.isURI()) {
            return node.getURI();
        }
        if (node.isLiteral()) {
            return node.getLiteralLexicalForm();
        }
        return node.isBlank() ? "_:" + node.getBlankNodeLabel() : node.toString();
    }
}
