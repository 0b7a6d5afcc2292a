package org.lexsync.engine.rdf;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.NodeTraversor;

/**
 * Finds the parts of a page that cannot yield RDFa, so that {@link RdfaBridge} need not replay them: the text
 * of a legal act is most of an ELI page and carries no metadata. An element is inert when each of its
 * attributes is a presentational one with no RDFa meaning ({@code class}, {@code id}, {@code style},
 * {@code data-*}...); a subtree whose elements are all inert produces no triple, no prefix and no base (RDFa
 * Core 1.1 §7.5: such an element only passes its evaluation context on), provided no ancestor collects its
 * text as a literal (an ancestor with {@code property} or {@code datatype}), which the bridge checks itself.
 */
final class InertMarkup {
    private static final Set<String> PRESENTATIONAL = Set.of("class", "id", "style", "title", "dir", "hidden",
            "tabindex", "align", "valign", "width", "height", "alt", "colspan", "rowspan", "headers", "scope",
            "accesskey", "draggable", "spellcheck", "translate");
    /** Elements RDFa in HTML or our bridge treat specially: always replayed. */
    private static final Set<String> SPECIAL = Set.of("html", "head", "body", "base", "meta", "link", "time",
            "data", "script");

    private InertMarkup() {
    }

    /** The elements of {@code document} that are not inert or have a descendant that is not (identity set). */
    static Set<Element> carryingRdfa(Document document) {
        Set<Element> carrying = Collections.newSetFromMap(new IdentityHashMap<>());
        NodeTraversor.traverse((node, depth) -> {
            if (node instanceof Element e && !inert(e)) {
                for (Element up = e; up != null && carrying.add(up); up = up.parent()) {
                    // marks the element and its ancestors up to the first one already marked
                }
            }
        }, document);
        return carrying;
    }

    /** True when the element itself has no attribute that could matter to RDFa. */
    static boolean inert(Element element) {
        if (SPECIAL.contains(element.normalName()) || element instanceof Document) {
            return false;
        }
        for (Attribute a : element.attributes()) {
            String key = a.getKey();
            if (!PRESENTATIONAL.contains(key) && !key.startsWith("aria-") && !key.startsWith("data-")) {
                return false;
            }
        }
        return true;
    }
}
