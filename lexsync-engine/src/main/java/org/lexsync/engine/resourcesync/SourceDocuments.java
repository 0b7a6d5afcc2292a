package org.lexsync.engine.resourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.model.HarvestListener;

/**
 * Reads the source's own documents (source description, capability lists, resource and change lists,
 * manifests, dump packages) through the polite {@link Fetcher}, so robots.txt and per-host politeness
 * apply to them too; counts documents and bytes for the report and gathers the readers' findings.
 */
final class SourceDocuments {
    private final Fetcher fetcher;
    private final HarvestListener listener;
    private final String accessToken;
    private final XmlLimits limits;
    private final Findings findings;
    private long documents;
    private long bytes;

    SourceDocuments(Fetcher fetcher, HarvestListener listener, String accessToken, XmlLimits limits,
                    Findings findings) {
        this.fetcher = fetcher;
        this.listener = listener == null ? HarvestListener.NONE : listener;
        this.accessToken = accessToken;
        this.limits = limits;
        this.findings = findings;
    }

    /** A downloaded document: the temp file is deleted on close. */
    record Download(URI url, URI finalUrl, Path file, long length, String contentType,
                    Map<String, List<String>> headers) implements AutoCloseable {

        /** All values of a response header (case-insensitive name). */
        List<String> header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue();
                }
            }
            return List.of();
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // left for the temp directory's cleanup
            }
        }
    }

    /** A document opened as a Sitemap/ResourceSync reader; closing deletes the download. */
    record Opened(Download download, SitemapReader reader) implements AutoCloseable {
        @Override
        public void close() {
            try {
                reader.close();
            } finally {
                download.close();
            }
        }
    }

    Download fetch(URI url) {
        return fetch(url, Expectation.NONE);
    }

    /**
     * Downloads {@code url} with a conditional GET (DESIGN §4.4); null when the source answers 304 Not
     * Modified.
     *
     * @throws SourceDocumentException when the document cannot be obtained
     */
    Download fetchIfChanged(URI url, Validators validators) {
        return fetch(url, Expectation.NONE, Objects.requireNonNull(validators, "validators"));
    }

    /**
     * Downloads {@code url}; bytes that do not match {@code expected} never come back.
     *
     * @throws SourceDocumentException when the document cannot be obtained
     */
    Download fetch(URI url, Expectation expected) {
        return fetch(url, expected, null);
    }

    /** Downloads {@code url}; with {@code validators}, null when the source answers 304 Not Modified. */
    private Download fetch(URI url, Expectation expected, Validators validators) {
        if (!"http".equalsIgnoreCase(url.getScheme()) && !"https".equalsIgnoreCase(url.getScheme())) {
            throw new SourceDocumentException(url, 0, "only http and https documents are read");
        }
        FetchRequest request = new FetchRequest(url, expected, validators, null);
        if (accessToken != null) {
            request = request.withHeader("Authorization", "Bearer " + accessToken);
        }
        FetchResult result = fetcher.fetch(request);
        return switch (result) {
            case FetchResult.Fetched f -> {
                synchronized (this) {
                    documents++;
                    bytes += f.length();
                }
                listener.documentRead(url, f.length());
                yield new Download(url, f.finalUrl(), f.body(), f.length(), f.contentType(), f.headers());
            }
            case FetchResult.NotModified n -> {
                if (validators == null) {
                    throw new SourceDocumentException(url, 304, "304 Not Modified to an unconditional request");
                }
                listener.note(url + ": not modified since the last complete run");
                yield null;
            }
            case FetchResult.Failed x -> throw new SourceDocumentException(url, x.status(),
                    x.reason().name().toLowerCase(Locale.ROOT).replace('_', '-') + ": " + x.message());
        };
    }

    /** Downloads and opens a Sitemap/ResourceSync document. */
    Opened open(URI url) {
        return read(fetch(url));
    }

    /** Opens a downloaded document (again); closing the result deletes the download. */
    Opened read(Download d) {
        URI url = d.url();
        try {
            InputStream in = Files.newInputStream(d.file());
            return new Opened(d, SitemapReader.open(in, url.toString(), limits));
        } catch (IOException e) {
            d.close();
            throw new SourceDocumentException(url, 0, e.toString());
        } catch (RuntimeException e) {
            d.close();
            throw e;
        }
    }

    /** A reader over a download that leaves the file in place when closed. */
    SitemapReader peek(Download d) {
        try {
            return SitemapReader.open(Files.newInputStream(d.file()), d.url().toString(), limits);
        } catch (IOException e) {
            throw new SourceDocumentException(d.url(), 0, e.toString());
        }
    }

    /** Keeps a reader's findings, each prefixed with the document it is about. */
    void collect(SitemapReader reader) {
        for (var f : reader.findings()) {
            findings.add(new org.lexsync.core.findings.Finding(f.severity(), f.rule(),
                    reader.document() + ": " + f.message(), f.line(), f.column()));
        }
    }

    Findings findings() {
        return findings;
    }

    XmlLimits limits() {
        return limits;
    }

    Fetcher fetcher() {
        return fetcher;
    }

    String accessToken() {
        return accessToken;
    }

    synchronized long documents() {
        return documents;
    }

    synchronized long bytes() {
        return bytes;
    }
}
