package org.lexsync.engine.rdf;

import org.lexsync.engine.model.FullTextFormat;
import java.util.Objects;

/**
 * One full text to download for a legal expression (ELI Pillar IV annex §4.2): the expression and its
 * language (both null when the page does not say), the chosen {@code eli:Format} (null when it is a blank
 * node), its kind, and the URL to dereference: {@code eli:is_exemplified_by} when present (step 2a), else
 * the format's own URI (step 2b).
 */
public record FullTextChoice(String expression, String language, String format, FullTextFormat kind, String url) {

    public FullTextChoice {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(url, "url");
    }

    /** The media type of the chosen kind, e.g. {@code text/html}. */
    public String mediaType() {
        return kind.mediaType();
    }
}
