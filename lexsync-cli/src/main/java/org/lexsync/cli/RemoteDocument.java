package org.lexsync.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.SourceUnreadableException;

/** Downloads one document for {@code inspect} through the polite fetcher (robots.txt, size cap, redirects). */
final class RemoteDocument {
    private RemoteDocument() {
    }

    /** Fetches {@code url} to a temp file the caller deletes. */
    static Path download(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException("not a URL: " + url);
        }
        Path temp;
        try {
            temp = Files.createTempDirectory("lexsync-inspect");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Fetcher fetcher = Fetcher.builder().version(Version.current()).tempDirectory(temp)
                .politeness(new Politeness(1, Duration.ZERO)).build()) {
            FetchResult result = fetcher.fetch(FetchRequest.of(uri)
                    .withHeader("Accept", "application/xml, text/xml, application/atom+xml, */*;q=0.5"));
            return switch (result) {
                case FetchResult.Fetched f -> f.body();
                case FetchResult.NotModified n ->
                        throw new SourceUnreadableException(uri, 304, "server answered 304 without a validator");
                case FetchResult.Failed f -> throw new SourceUnreadableException(uri, f.status(),
                        f.reason().name().toLowerCase(Locale.ROOT) + ": " + f.message());
            };
        }
    }
}

