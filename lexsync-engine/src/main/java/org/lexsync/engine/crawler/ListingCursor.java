package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The generic crawler's position in its listing, as text a checkpoint can keep: which seed, which of its variable
 * bindings (date window × range value), which result page, how many empty pages in a row so far, and the URL of
 * the next page when it came from a "next" link (written last: a URL holds no spaces).
 */
record ListingCursor(int seed, int binding, int page, int empties, @Nullable URI url) {

    String format() {
        return seed + " " + binding + " " + page + " " + empties + (url == null ? "" : " " + url);
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
            return Optional.of(new ListingCursor(Integer.parseInt(p[0]), Integer.parseInt(p[1]),
                    Integer.parseInt(p[2]), Integer.parseInt(p[3]), p.length == 5 ? URI.create(p[4]) : null));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
