package org.lexsync.engine.resourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.lexsync.engine.discovery.ResourceSyncDiscovery;
import java.util.Objects;
import java.util.Optional;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * The ResourceSync side of reading the source's own documents (source description, capability lists, resource and
 * change lists, manifests, dump packages): downloads go through the shared {@link SourceReader} (polite fetcher,
 * conditional GET, counters, the access token on every request); this class opens them as Sitemap/ResourceSync
 * readers and gathers the readers' findings.
 */
final class SourceDocuments {
    private final SourceReader reader;
    private final String accessToken;
    private final XmlLimits limits;
    private final Findings findings;

    SourceDocuments(SourceReader reader, String accessToken, XmlLimits limits, Findings findings) {
        this.reader = reader;
        this.accessToken = accessToken;
        this.limits = limits;
        this.findings = findings;
    }

    /** Documents read without a fetch cache (discovery and audit tests, say). */
    SourceDocuments(Fetcher fetcher, HarvestListener listener, String accessToken, XmlLimits limits,
                    Findings findings) {
        this(new SourceReader(fetcher, listener, null, headers(accessToken)), accessToken, limits, findings);
    }

    /** The request headers of every document: the bearer token, when there is one. */
    static Map<String, String> headers(String accessToken) {
        return accessToken == null ? Map.of() : Map.of("Authorization", "Bearer " + accessToken);
    }

    /** A downloaded document: the temp file is deleted on close. */
    record Download(URI url, URI finalUrl, Path file, long length, String contentType,
                    Map<String, List<String>> headers) implements ResourceSyncDiscovery.Response {

        static Download of(URI url, FetchResult.Fetched f) {
            return new Download(url, f.finalUrl(), f.body(), f.length(), f.contentType(), f.headers());
        }

        @Override
        public Path body() {
            return file;
        }

        /** All values of a response header (case-insensitive name). */
        @Override
        public List<String> header(String name) {
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

    /**
     * Downloads {@code url}.
     *
     * @throws SourceUnreadableException when the document cannot be obtained
     */
    Download fetch(URI url) {
        return fetch(url, Expectation.NONE);
    }

    /**
     * Downloads {@code url} with a conditional GET (docs/architecture.md, invariant 4); null when the source answers
     * 304 Not Modified.
     *
     * @throws SourceUnreadableException when the document cannot be obtained
     */
    Download fetchIfChanged(URI url, Validators validators) {
        Optional<FetchResult.Fetched> f = reader.getIfChanged(url, null, Objects.requireNonNull(validators, "validators"));
        if (f.isEmpty()) {
            reader.listener().note(url + ": not modified since the last complete run");
            return null;
        }
        return Download.of(url, f.get());
    }

    /**
     * Downloads {@code url}; bytes that do not match {@code expected} never come back.
     *
     * @throws SourceUnreadableException when the document cannot be obtained
     */
    Download fetch(URI url, Expectation expected) {
        return Download.of(url, reader.get(url, null, expected));
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
            throw new SourceUnreadableException(url, 0, e.toString());
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
            throw new SourceUnreadableException(d.url(), 0, e.toString());
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
        return reader.fetcher();
    }

    /** The shared reader (its fetch cache keeps the Change Lists' validators). */
    SourceReader reader() {
        return reader;
    }

    String accessToken() {
        return accessToken;
    }

    long documents() {
        return reader.documents();
    }

    long bytes() {
        return reader.bytes();
    }
}
