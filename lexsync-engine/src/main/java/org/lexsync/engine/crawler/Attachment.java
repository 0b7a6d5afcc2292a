package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One file of a document group besides its detail page (EUCases D2.1 Appendix I: a {@code document} element with
 * its format and file name): the text as PDF, DOC or HTML, an annex. Fetched by the applier, conditionally when
 * a copy is held.
 */
public record Attachment(URI url, @Nullable String fileName, @Nullable String format) {

    public Attachment {
        Objects.requireNonNull(url, "url");
    }
}
