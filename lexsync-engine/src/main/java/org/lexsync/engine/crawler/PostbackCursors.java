package org.lexsync.engine.crawler;

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * Keeps a listing cursor bounded although it carries post-back state. A state up to {@value #MAX_INLINE} characters
 * encoded (a typical ASP.NET view state is a few kilobytes) rides in the cursor whole, so a killed crawl resumes with
 * one request. A larger one would make every checkpoint row that large, so the cursor names it only
 * ({@code rewalk:HASH}) while this crawler instance keeps the latest one in memory; a crawl resumed in a new process
 * (or a cursor whose state no longer decodes) re-walks instead: the seed's first page again, then the post-backs up
 * to the unfinished page, without listing the pages on the way.
 */
final class PostbackCursors {
    static final int MAX_INLINE = 64 * 1024;
    static final String REWALK = "rewalk:";

    private @Nullable String largeKey;
    private @Nullable Postback large;

    /** The cursor token of {@code p}: the state itself, or a reference to it when too large. */
    synchronized String token(Postback p) {
        String encoded = p.encode();
        if (encoded.length() <= MAX_INLINE) {
            return encoded;
        }
        largeKey = REWALK + HashAlgorithm.SHA_256.hex(encoded.getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .substring(0, 24);
        large = p;
        return largeKey;
    }

    /**
     * The page the post-back cursor {@code c} points at: its state sent, or, without a usable state, a re-walk from
     * {@code seedPage} through {@code c.page() - firstPage} post-backs.
     */
    Page resume(ListingCursor c, CrawlSession session, Supplier<Page> seedPage, int firstPage, SelectorSpec next,
                @Nullable String form) {
        String token = c.postback();
        Postback held = null;
        synchronized (this) {
            if (token != null && token.equals(largeKey)) {
                held = large;
            }
        }
        if (held == null && token != null && !token.startsWith(REWALK)) {
            held = Postback.decode(token).orElse(null);
        }
        if (held != null) {
            return held.send(session);
        }
        Page page = seedPage.get();
        for (int i = firstPage; i < c.page(); i++) {
            Postback p = PostbackPager.next(session, page, next, form);
            if (p == null) {
                throw new PageUnavailableException(page.url(), 0, "rewalk-failed", "re-walking the post-back pager to"
                        + " page " + c.page() + ": page " + i + " has no next post-back (" + next + ")");
            }
            page = p.send(session);
        }
        return page;
    }
}
