package org.lexsync.cli;

import org.lexsync.engine.Downloads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.lexsync.engine.LexSync;

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
        return Downloads.download(uri, temp, Version.current());
    }
}

