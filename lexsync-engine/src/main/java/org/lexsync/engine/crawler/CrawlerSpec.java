package org.lexsync.engine.crawler;

import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A generic portal crawler as the {@code crawler:} key of a source in {@code lexsync.yaml} describes it (no Java
 * needed; docs/architecture.md "Crawlers"): listing seeds, which listed URLs to follow (include/exclude regular
 * expressions), the listing's item, next-page and removal selectors, when paging stops, the detail page's fields and
 * attachments, and the charset the portal's pages are read in. Checked when made.
 *
 * @param fields      detail fields by name; {@code id} becomes the group id, {@code title} the title, {@code date}
 *                    the publication date; all are kept as metadata (declared order kept: templates use it)
 * @param paging      the listing's stop marker and post-back form ({@link PagingSpec})
 * @param rows        the listing's rows and their fields, or null when the listing only links detail pages
 */
public record CrawlerSpec(List<SeedSpec> seeds, List<Pattern> include, List<Pattern> exclude, SelectorSpec item,
                          @Nullable String itemAttribute, @Nullable SelectorSpec next, @Nullable SelectorSpec removed,
                          int stopAfterEmpty, Map<String, FieldSpec> fields, @Nullable Attachments attachments,
                          @Nullable Charset charset, PagingSpec paging, @Nullable RowSpec rows) {

    /** A crawler without a stop marker, post-backs from the default form, no fields from listing rows. */
    public CrawlerSpec(List<SeedSpec> seeds, List<Pattern> include, List<Pattern> exclude, SelectorSpec item,
                       @Nullable String itemAttribute, @Nullable SelectorSpec next, @Nullable SelectorSpec removed,
                       int stopAfterEmpty, Map<String, FieldSpec> fields, @Nullable Attachments attachments,
                       @Nullable Charset charset) {
        this(seeds, include, exclude, item, itemAttribute, next, removed, stopAfterEmpty, fields, attachments, charset,
                PagingSpec.DEFAULT, null);
    }

    /** A crawler that reads no fields from listing rows. */
    public CrawlerSpec(List<SeedSpec> seeds, List<Pattern> include, List<Pattern> exclude, SelectorSpec item,
                       @Nullable String itemAttribute, @Nullable SelectorSpec next, @Nullable SelectorSpec removed,
                       int stopAfterEmpty, Map<String, FieldSpec> fields, @Nullable Attachments attachments,
                       @Nullable Charset charset, PagingSpec paging) {
        this(seeds, include, exclude, item, itemAttribute, next, removed, stopAfterEmpty, fields, attachments, charset,
                paging, null);
    }

    public CrawlerSpec {
        Objects.requireNonNull(paging, "paging");
        seeds = List.copyOf(seeds);
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        Objects.requireNonNull(item, "item");
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("a crawler needs at least one seed");
        }
        if (stopAfterEmpty < 1) {
            throw new IllegalArgumentException("stop-after-empty must be at least 1, was " + stopAfterEmpty);
        }
    }

    /**
     * Where a detail page's attachments are: the links {@code selector} matches ({@code attribute}, default
     * {@code href}), those matching {@code include} when given; the format is the file name's extension.
     */
    public record Attachments(SelectorSpec selector, @Nullable String attribute, @Nullable Pattern include) {
        public Attachments {
            Objects.requireNonNull(selector, "selector");
        }
    }
}
