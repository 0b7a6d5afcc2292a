package org.lexsync.engine.eli;

import java.net.URI;
import java.util.Locale;

import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * Downloads the provider's own documents (Sitemaps, the Sitemap Index, the update feed) through the polite
 * fetcher and counts them; a document that cannot be fetched makes the source unreadable.
 */
final class SourceFetch {
    private final Fetcher fetcher;
    private final HarvestListener listener;
    private long documents;
    private long bytes;

    SourceFetch(Fetcher fetcher, HarvestListener listener) {
        this.fetcher = fetcher;
        this.listener = listener;
    }

    /** The fetched body; the caller deletes it. */
    FetchResult.Fetched get(URI url, String accept) {
        FetchResult result = fetcher.fetch(FetchRequest.of(url).withHeader("Accept", accept));
        return switch (result) {
            case FetchResult.Fetched f -> {
                documents++;
                bytes += f.length();
                listener.documentRead(url, f.length());
                yield f;
            }
            case FetchResult.NotModified n -> throw new SourceUnreadableException(url, 304,
                    "304 Not Modified to an unconditional request");
            case FetchResult.Failed f -> throw new SourceUnreadableException(url, f.status(),
                    f.reason().name().toLowerCase(Locale.ROOT).replace('_', '-') + ": " + f.message());
        };
    }

    long documents() {
        return documents;
    }

    long bytes() {
        return bytes;
    }
}
