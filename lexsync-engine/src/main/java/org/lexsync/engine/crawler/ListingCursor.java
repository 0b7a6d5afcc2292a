package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The generic crawler's position in its listing, as text a checkpoint can keep: which seed, which of its variable
 * bindings (date window × range value), which result page (or step of an open offset range, or of a post-back
 * chain), how many empty pages in a row so far, and how the next page is asked for when not from the seed itself:
 * the URL of a "next" link, or the form post-back of an ASP.NET-style pager ({@code postback}: the encoded
 * {@link Postback}, or {@code rewalk:HASH} when it was too large for a checkpoint — see {@link GenericCrawler}).
 * The last part is written last: it holds no spaces.
 */
record ListingCursor(int seed, int binding, int page, int empties, @Nullable URI url, @Nullable String postback) {
    static final String POSTBACK = "postback:";

    ListingCursor(int seed, int binding, int page, int empties, @Nullable URI url) {
        this(seed, binding, page, empties, url, null);
    }

    String format() {
        return seed + " " + binding + " " + page + " " + empties + (url != null ? " " + url
                : postback != null ? " " + POSTBACK + postback : "");
    }

    /** The cursor of {@code text}; empty when it is not one (the crawl then starts at the first seed). */
    static Optional<ListingCursor> parse(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String[] p = text.split(" ", 5);
        if (p.length < 4) {
            return Optional.empty();
        }
        try {
            int seed = Integer.parseInt(p[0]);
            int binding = Integer.parseInt(p[1]);
            int page = Integer.parseInt(p[2]);
            int empties = Integer.parseInt(p[3]);
            if (p.length == 5 && p[4].startsWith(POSTBACK)) {
                return Optional.of(new ListingCursor(seed, binding, page, empties, null,
                        p[4].substring(POSTBACK.length())));
            }
            URI url = p.length == 5 ? URI.create(p[4]) : null;
            return Optional.of(new ListingCursor(seed, binding, page, empties, url));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
