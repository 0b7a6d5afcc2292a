package org.lexsync.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.uri.LenientUris;
import org.lexsync.engine.crawler.CrawlPreview;
import org.lexsync.engine.crawler.CrawlerOptions;
import org.lexsync.engine.crawler.Page;
import org.lexsync.engine.model.CrawlPreviewReport;
import org.lexsync.engine.model.Source;

/**
 * Tries a crawler source's selectors on a saved page, with no store and no network ({@code lexsync crawl --preview};
 * docs/crawlers.md, "Preview on a saved page"). A static helper of its own: it needs no {@link LexSync}.
 */
public final class CrawlPreviews {
    private CrawlPreviews() {
    }

    /**
     * What the listing step ({@code detailStep} false) or the detail step of crawler source {@code source} extracts
     * from the saved page {@code savedPage}, read as if served at {@code url} (null: the source's URL resolved with the
     * file's name) in the source's charset.
     *
     * @throws IllegalArgumentException when the source is no crawler source
     * @throws UncheckedIOException     when the file cannot be read
     */
    public static CrawlPreviewReport preview(Source source, Path savedPage, @Nullable URI url, boolean detailStep) {
        if (!(source.options() instanceof CrawlerOptions options)) {
            throw new IllegalArgumentException("source '" + source.id() + "' is a " + source.protocol()
                    + " source, not a crawler");
        }
        URI home = source.urls().get(0);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(savedPage);
        } catch (IOException e) {
            throw new UncheckedIOException(savedPage + ": " + e.getMessage(), e);
        }
        URI at = url != null ? url : home.resolve(LenientUris.encode(String.valueOf(savedPage.getFileName())));
        var result = CrawlPreview.of(options, home, Page.of(at, bytes, null, options.charset()), detailStep);
        return new CrawlPreviewReport(result.lines(), result.warnings());
    }
}
