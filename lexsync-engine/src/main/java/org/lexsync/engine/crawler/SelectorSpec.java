package org.lexsync.engine.crawler;

import java.util.Locale;
import java.util.Objects;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.QueryParser;

/**
 * One selector of a generic crawler, CSS or XPath (both through jsoup, docs/architecture.md "Crawlers"); checked
 * when it is made, so that a wrong selector is a configuration error with file, line and key, not a run that finds
 * nothing.
 */
public record SelectorSpec(Kind kind, String expression) {

    /** The selector languages. */
    public enum Kind {
        CSS, XPATH;

        public String token() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @throws IllegalArgumentException naming the problem when the expression does not parse
     */
    public SelectorSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expression, "expression");
        if (expression.isBlank()) {
            throw new IllegalArgumentException("an empty " + kind.token() + " selector");
        }
        try {
            if (kind == Kind.CSS) {
                QueryParser.parse(expression);
            } else {
                Jsoup.parse("<html></html>").selectXpath(expression);
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalArgumentException("not a valid " + kind.token() + " selector: " + e.getMessage());
        }
    }

    public static SelectorSpec css(String expression) {
        return new SelectorSpec(Kind.CSS, expression);
    }

    public static SelectorSpec xpath(String expression) {
        return new SelectorSpec(Kind.XPATH, expression);
    }

    /** The elements under {@code root} this selector matches, in document order. */
    public Elements select(Element root) {
        return kind == Kind.CSS ? root.select(expression) : root.selectXpath(expression);
    }

    @Override
    public String toString() {
        return kind.token() + ": " + expression;
    }
}
