package org.lexsync.engine.rdf;

import com.apicatalog.jsonld.JsonLdOptions;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.lang.LangJSONLD11;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.FactoryRDFStd;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.util.Context;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.lexsync.core.findings.Findings;

/**
 * Turns every {@code <script type="application/ld+json">} of a page into triples with Jena RIOT (JSON-LD
 * 1.1, "Embedding JSON-LD in HTML Documents", JSON-LD 1.1 §7.3): the document base is the HTML base URL.
 * A block is all or nothing: one that fails to parse contributes no triple and yields a finding. Remote
 * contexts are served by {@link BundledContexts}, never fetched.
 */
final class JsonLdBlocks {
    static final String SYNTAX_RULE = "jsonld:1.1-7.3/syntax";
    static final String REMOTE_CONTEXT_RULE = "jsonld:1.1-4.1/remote-context-not-fetched";
    static final String BUNDLED_CONTEXT_RULE = "jsonld:1.1-4.1/remote-context-bundled";
    static final String NAMED_GRAPH_RULE = "jsonld:1.1-4.9/named-graph-flattened";
    static final String SIZE_RULE = "jsonld:1.1-7.3/block-too-large";

    private JsonLdBlocks() {
    }

    /** Adds the triples of all JSON-LD blocks to {@code graph}; returns how many were added. */
    static int extract(Document page, String baseUri, Graph graph, Findings findings, int maxBlockChars) {
        int added = 0;
        for (Element script : page.getElementsByTag("script")) {
            if (!isJsonLd(script.attr("type"))) {
                continue;
            }
            int line = Math.max(script.sourceRange().start().lineNumber(), 0);
            int column = Math.max(script.sourceRange().start().columnNumber(), 0);
            String json = script.data().strip();
            if (json.isEmpty()) {
                continue;
            }
            if (json.length() > maxBlockChars) {
                findings.error(SIZE_RULE, String.format(Locale.ROOT,
                        "JSON-LD block of %d characters exceeds the limit of %d; skipped", json.length(),
                        maxBlockChars), line, column);
                continue;
            }
            added += block(json, baseUri, graph, findings, line, column);
        }
        return added;
    }

    private static boolean isJsonLd(String type) {
        int semicolon = type.indexOf(';');
        String media = (semicolon < 0 ? type : type.substring(0, semicolon)).strip();
        return media.equalsIgnoreCase("application/ld+json");
    }

    private static int block(String json, String baseUri, Graph graph, Findings findings, int line, int column) {
        BundledContexts loader = new BundledContexts();
        JsonLdOptions options = new JsonLdOptions(loader);
        Context context = new Context();
        context.set(LangJSONLD11.JSONLD_OPTIONS, options);
        Collector collector = new Collector();
        BlockErrors errors = new BlockErrors(findings, line, column);
        try {
            RDFParser.fromString(json, Lang.JSONLD).base(baseUri).context(context).errorHandler(errors)
                    // the default caching factory builds a node cache per parse, which costs more than it saves here
                    .factory(new FactoryRDFStd())
                    .parse(collector);
        } catch (RuntimeException | StackOverflowError e) {
            // StackOverflowError: JSON-LD expansion recurses, and a hostile block can nest deeply
            if (!loader.refused().isEmpty()) {
                for (URI url : loader.refused()) {
                    findings.warning(REMOTE_CONTEXT_RULE, "the JSON-LD block uses the remote @context " + url
                            + ", which is not bundled and is never fetched; the block was skipped", line, column);
                }
            } else if (errors.messages.isEmpty()) {
                findings.error(SYNTAX_RULE, "the JSON-LD block could not be read: " + message(e), line, column);
            } else {
                errors.report();
            }
            return 0;
        }
        errors.report();
        for (URI url : loader.substituted()) {
            findings.info(BUNDLED_CONTEXT_RULE, "the remote @context " + url + " was answered from a bundled copy",
                    line, column);
        }
        if (collector.quadsInNamedGraphs > 0) {
            findings.info(NAMED_GRAPH_RULE, collector.quadsInNamedGraphs
                    + " statement(s) of a JSON-LD named graph were merged into the resource's graph", line, column);
        }
        for (Triple t : collector.triples) {
            graph.add(t);
        }
        return collector.triples.size();
    }

    private static String message(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return Iris.shorten(t.getMessage() == null ? t.toString() : t.getMessage());
    }

    /** Keeps the block's triples until it parsed completely; quads lose their graph name. */
    private static final class Collector extends StreamRDFBase {
        final List<Triple> triples = new ArrayList<>();
        int quadsInNamedGraphs;

        @Override
        public void triple(Triple triple) {
            if (usable(triple)) {
                triples.add(triple);
            }
        }

        @Override
        public void quad(Quad quad) {
            if (!quad.isDefaultGraph()) {
                quadsInNamedGraphs++;
            }
            triple(quad.asTriple());
        }

        private static boolean usable(Triple t) {
            return usable(t.getSubject()) && usable(t.getPredicate()) && usable(t.getObject());
        }

        private static boolean usable(Node n) {
            return !n.isURI() || Iris.usable(n.getURI());
        }
    }

    /** RIOT warnings and errors of one block, placed at the script element. */
    private static final class BlockErrors implements ErrorHandler {
        private final Findings findings;
        private final int line;
        private final int column;
        final List<String> messages = new ArrayList<>();

        BlockErrors(Findings findings, int line, int column) {
            this.findings = findings;
            this.line = line;
            this.column = column;
        }

        @Override
        public void warning(String message, long l, long c) {
            findings.warning("jsonld:1.1-7.3/warning", "JSON-LD: " + message, line, column);
        }

        @Override
        public void error(String message, long l, long c) {
            messages.add("JSON-LD: " + message + where(l, c));
        }

        /** Errors wait until the block's fate is known, so a refused context is not also a syntax error. */
        void report() {
            for (String m : messages) {
                findings.error(SYNTAX_RULE, m, line, column);
            }
        }

        @Override
        public void fatal(String message, long l, long c) {
            error(message, l, c);
        }

        private static String where(long l, long c) {
            return l > 0 ? String.format(Locale.ROOT, " (line %d, column %d of the block)", l, c) : "";
        }
    }
}
