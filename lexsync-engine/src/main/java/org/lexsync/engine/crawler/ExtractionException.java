package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.Locale;

/**
 * A detail page lacks what its crawler requires (a required field none of its selectors finds, a date that does not
 * parse): the portal's HTML has probably changed, so the run fails with a finding naming the page and the field
 * instead of storing half a document group (the sanity gate; EUCases D2.1 §3.3 names silent breakage as the
 * crawlers' weakness).
 */
public final class ExtractionException extends RuntimeException {
    private final URI page;
    private final String field;

    public ExtractionException(URI page, String field, String problem) {
        super(String.format(Locale.ROOT, "%s: field '%s': %s", page, field, problem));
        this.page = page;
        this.field = field;
    }

    public URI page() {
        return page;
    }

    public String field() {
        return field;
    }
}
