package org.lexsync.engine;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * Downloads one document without a store or a facade (the command line's {@code inspect URL}), through a polite
 * fetcher of its own: robots.txt, body size cap, bounded redirects, only http(s). A static helper of its own so that
 * {@link LexSync} keeps only what is done with a store.
 */
public final class Downloads {
    private static final String ACCEPT = "application/xml, text/xml, application/atom+xml, */*;q=0.5";

    private Downloads() {
    }

    /**
     * Downloads one document by URL, politely; the file is in {@code directory} and the caller deletes it.
     * {@code version} goes into the User-Agent.
     *
     * @throws SourceUnreadableException when the document cannot be fetched
     */
    public static Path download(URI url, Path directory, String version) {
        try (Fetcher fetcher = Fetcher.builder().version(version).tempDirectory(directory)
                .politeness(new Politeness(1, Duration.ZERO)).build()) {
            FetchResult result = fetcher.fetch(FetchRequest.of(url).withHeader("Accept", ACCEPT));
            return switch (result) {
                case FetchResult.Fetched f -> f.body();
                case FetchResult.NotModified n ->
                        throw new SourceUnreadableException(url, 304, "server answered 304 without a validator");
                case FetchResult.Failed f -> throw new SourceUnreadableException(url, f.status(),
                        f.reason().name().toLowerCase(Locale.ROOT) + ": " + f.message());
            };
        }
    }
}
