package org.lexsync.engine.rdf;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeFilter;
import org.lexsync.core.findings.Findings;
import org.semarglproject.rdf.ParseException;
import org.semarglproject.rdf.ProcessorGraphHandler;
import org.semarglproject.rdf.rdfa.RdfaParser;
import org.semarglproject.sink.XmlSink;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.AttributesImpl;

/**
 * Runs the semargl RDFa 1.1 processor over a jsoup DOM by replaying the tree as SAX events (semargl is a
 * SAX sink; real pages are not well-formed XML, so jsoup parses them). On the way it repairs what real ELI
 * pages do (ELI Pillar III): attribute names arrive lower-cased from jsoup whatever the page wrote,
 * {@code xmlns:*} declarations become prefix mappings, a relative {@code <base href>} is resolved against
 * the page URL, an {@code eli:} CURIE used where no {@code eli} prefix is in scope gets the ELI ontology
 * namespace (with a finding), since the RDFa 1.1 initial context does not define it, and HTML link types
 * ({@code rel="stylesheet"}) and {@code role} are not turned into XHTML-vocabulary triples (HTML+RDFa 1.1
 * has no default vocabulary). semargl never loads a vocabulary ({@code vocab} expansion is off).
 */
final class RdfaBridge {
    static final String ELI_PREFIX_RULE = "rdfa:core-1.1-5/eli-prefix-undeclared";
    /** The RDFa processor gave up on the page: its RDFa statements are lost. */
    static final String PROCESSING_RULE = "rdfa:core-1.1/processing";
    private static final String XHTML_NS = "http://www.w3.org/1999/xhtml";
    private static final String PROCESSOR_GRAPH_HANDLER = "http://semarglproject.org/core/properties/processor-graph-handler";
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final String[] CURIE_ATTRIBUTES = {"property", "typeof", "rel", "rev", "datatype", "about", "resource"};

    private RdfaBridge() {
    }

    /**
     * Extracts the RDFa of {@code document} into {@code sink}, resolving against {@code baseUri} (the page
     * URL after redirects; a {@code <base href>} in the page takes over as RDFa prescribes).
     */
    static void extract(Document document, String baseUri, JenaTripleSink sink, ElementPosition position,
                        Findings findings) {
        extract(document, baseUri, sink, position, findings, InertMarkup.carryingRdfa(document));
    }

    /**
     * As {@link #extract(Document, String, JenaTripleSink, ElementPosition, Findings)}, replaying only the
     * elements in {@code carryingRdfa} (and whatever lies under an element that collects text); null replays
     * every element (the tests compare both).
     */
    static void extract(Document document, String baseUri, JenaTripleSink sink, ElementPosition position,
                        Findings findings, Set<Element> carryingRdfa) {
        XmlSink parser = RdfaParser.connect(sink);
        parser.setProperty(RdfaParser.ENABLE_VOCAB_EXPANSION, Boolean.FALSE);
        parser.setProperty(RdfaParser.ENABLE_PROCESSOR_GRAPH, Boolean.FALSE);
        parser.setProperty(PROCESSOR_GRAPH_HANDLER, new FindingsHandler(findings, position));
        parser.setBaseUri(baseUri);
        Replay replay = new Replay(parser, baseUri, position, findings, carryingRdfa);
        try {
            parser.startStream();
            parser.setDocumentLocator(position);
            parser.startDocument();
            startDtd(parser, document);
            for (Node child : document.childNodes()) {
                if (child instanceof Element root) {
                    NodeTraversor.filter(replay, root);
                }
            }
            replay.rethrow();
            parser.endDocument();
            parser.endStream();
        } catch (SAXException | ParseException | RuntimeException e) {
            // a processor failure on hostile markup costs this page its RDFa, never the run
            findings.error(PROCESSING_RULE, "the RDFa processor stopped: " + e,
                    position.line(), position.column());
        }
        if (replay.undeclaredEliUses > 0) {
            findings.warning(ELI_PREFIX_RULE, String.format(Locale.ROOT,
                    "the page uses the eli: prefix %d time(s) without declaring it (prefix or xmlns:eli);"
                            + " taken as %s", replay.undeclaredEliUses, Eli.NS),
                    replay.firstUndeclaredLine, replay.firstUndeclaredColumn);
        }
    }

    /** HTML5 mode (time/datetime/value handling) unless the doctype names another HTML flavour. */
    private static void startDtd(XmlSink parser, Document document) throws SAXException {
        DocumentType type = document.documentType();
        String publicId = type == null || type.publicId().isEmpty() ? null : type.publicId();
        String systemId = type == null || type.systemId().isEmpty() ? null : type.systemId();
        parser.startDTD("html", publicId, systemId);
        parser.endDTD();
    }

    /**
     * The depth-first replay; jsoup's traversor is iterative, so hostile nesting cannot overflow the stack.
     * Subtrees of {@link InertMarkup inert} elements are skipped unless an open element collects text for a
     * literal.
     */
    private static final class Replay implements NodeFilter {
        private final XmlSink parser;
        private final String pageUri;
        private final ElementPosition position;
        private final Findings findings;
        private final Set<Element> carryingRdfa;
        /** One entry per open element: what applies inside it. */
        private final Deque<Scope> scopes = new ArrayDeque<>();
        private SAXException failure;
        int undeclaredEliUses;
        int firstUndeclaredLine;
        int firstUndeclaredColumn;

        Replay(XmlSink parser, String pageUri, ElementPosition position, Findings findings,
               Set<Element> carryingRdfa) {
            this.parser = parser;
            this.pageUri = pageUri;
            this.position = position;
            this.findings = findings;
            this.carryingRdfa = carryingRdfa;
        }

        @Override
        public FilterResult head(Node node, int depth) {
            if (failure != null) {
                return FilterResult.SKIP_ENTIRELY;
            }
            try {
                if (node instanceof Element element) {
                    if (carryingRdfa != null && !carryingRdfa.contains(element)
                            && (scopes.isEmpty() || !scopes.peek().collectsText())) {
                        return FilterResult.SKIP_ENTIRELY;
                    }
                    start(element);
                } else if (node instanceof TextNode text) {
                    characters(text.getWholeText());
                } else if (node instanceof DataNode data) {
                    characters(data.getWholeData());
                }
            } catch (SAXException e) {
                failure = e;
            }
            return FilterResult.CONTINUE;
        }

        @Override
        public FilterResult tail(Node node, int depth) {
            if (failure != null || !(node instanceof Element element)) {
                return FilterResult.CONTINUE;
            }
            try {
                String name = element.normalName();
                parser.endElement(namespace(element), name, name);
                scopes.pop();
            } catch (SAXException e) {
                failure = e;
            }
            return FilterResult.CONTINUE;
        }

        void rethrow() throws SAXException {
            if (failure != null) {
                throw failure;
            }
        }

        private void characters(String text) throws SAXException {
            if (!text.isEmpty()) {
                char[] chars = text.toCharArray();
                parser.characters(chars, 0, chars.length);
            }
        }

        private void start(Element element) throws SAXException {
            position.moveTo(element);
            Scope outer = scopes.isEmpty() ? new Scope(false, false, false) : scopes.peek();
            boolean eli = outer.eliPrefix();
            String vocab = element.attributes().getIgnoreCase("vocab");
            boolean vocabulary = element.hasAttr("vocab") ? !vocab.isBlank() : outer.vocabulary();
            AttributesImpl attributes = new AttributesImpl();
            String prefixValue = null;
            for (Attribute a : element.attributes()) {
                String key = a.getKey();
                String value = a.getValue();
                if (key.startsWith("xmlns:") && key.length() > 6) {
                    String prefix = key.substring(6);
                    parser.startPrefixMapping(prefix, value);
                    eli |= prefix.equals("eli");
                    continue;
                }
                if (key.equals("prefix")) {
                    prefixValue = value;
                    eli |= declaresEli(value);
                    continue;
                }
                if (key.equals("role")) {
                    continue;
                }
                if ((key.equals("rel") || key.equals("rev")) && !vocabulary) {
                    value = withoutHtmlTerms(value);
                }
                if (key.equals("href") && element.normalName().equals("base")) {
                    value = element.absUrl("href").isEmpty() ? value : element.absUrl("href");
                }
                attributes.addAttribute("", key, key, "CDATA", value);
            }
            if (!eli && usesEli(element)) {
                if (undeclaredEliUses++ == 0) {
                    firstUndeclaredLine = position.line();
                    firstUndeclaredColumn = position.column();
                }
                prefixValue = prefixValue == null ? "eli: " + Eli.NS : "eli: " + Eli.NS + " " + prefixValue;
                eli = true;
            }
            if (prefixValue != null) {
                attributes.addAttribute("", "prefix", "prefix", "CDATA", prefixValue);
            }
            boolean collectsText = outer.collectsText() || element.hasAttr("property") || element.hasAttr("datatype");
            scopes.push(new Scope(eli, vocabulary, collectsText));
            String name = element.normalName();
            parser.startElement(namespace(element), name, name, attributes);
        }

        /**
         * HTML+RDFa 1.1 §3.1: HTML has no default vocabulary, so where no {@code vocab} applies, bare link
         * types ({@code stylesheet}, {@code nofollow}...) are not predicates; only initial-context terms survive. The attribute
         * stays present (possibly empty) because its presence alone steers RDFa Core 1.1 §7.5 steps 5/6.
         */
        private static String withoutHtmlTerms(String value) {
            StringBuilder kept = new StringBuilder(value.length());
            for (String token : WHITESPACE.split(value.trim())) {
                if (token.indexOf(':') >= 0 || token.equalsIgnoreCase("license") || token.equalsIgnoreCase("describedby")) {
                    if (!kept.isEmpty()) {
                        kept.append(' ');
                    }
                    kept.append(token);
                }
            }
            return kept.toString();
        }

        private static String namespace(Element element) {
            String ns = element.tag().namespace();
            return ns == null || ns.isEmpty() ? XHTML_NS : ns;
        }

        private static boolean declaresEli(String prefixAttribute) {
            String[] tokens = WHITESPACE.split(prefixAttribute.trim());
            for (int i = 0; i + 1 < tokens.length; i += 2) {
                if (tokens[i].equalsIgnoreCase("eli:")) {
                    return true;
                }
            }
            return false;
        }

        private static boolean usesEli(Element element) {
            for (String name : CURIE_ATTRIBUTES) {
                String value = element.attributes().getIgnoreCase(name);
                if (value.isEmpty()) {
                    continue;
                }
                for (String token : WHITESPACE.split(value.trim())) {
                    if (token.startsWith("eli:") || token.startsWith("[eli:")) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /**
     * Whether an {@code eli} prefix mapping and a {@code vocab} apply inside an element, and whether the
     * element or an ancestor may take the text inside it as a literal ({@code property} or {@code datatype}).
     */
    private record Scope(boolean eliPrefix, boolean vocabulary, boolean collectsText) {
    }

    /** semargl's processor-graph messages (RDFa Core 1.1 §7.6) become findings at the current element. */
    private record FindingsHandler(Findings findings, ElementPosition position) implements ProcessorGraphHandler {
        @Override
        public void info(String type, String message) {
            findings.info(rule(type), message, position.line(), position.column());
        }

        @Override
        public void warning(String type, String message) {
            findings.warning(rule(type), message, position.line(), position.column());
        }

        @Override
        public void error(String type, String message) {
            findings.error(rule(type), message, position.line(), position.column());
        }

        private static String rule(String type) {
            int hash = type == null ? -1 : type.lastIndexOf('#');
            String local = hash < 0 ? "Warning" : type.substring(hash + 1);
            return "rdfa:core-1.1-7.6/" + local;
        }
    }
}
