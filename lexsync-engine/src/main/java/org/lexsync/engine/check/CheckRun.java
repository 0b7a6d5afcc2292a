package org.lexsync.engine.check;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckRequest;

/**
 * The state of one check: the request, the polite fetcher every document and sampled resource is read through
 * (the harvesters' own, so robots.txt and the delay apply), the findings by rule and the counters of the summary.
 * Fetch and parse failures become findings here — never exceptions — so that a malformed URL, an unreachable
 * host, a TLS failure or a body that is not XML each yield one finding.
 */
final class CheckRun {
    /** Rule for a document or resource that could not be fetched. */
    static final String FETCH = "lexsync:check/fetch";
    /** Rule for a document that is not well-formed or not of the expected kind. */
    static final String XML = "xml:1.0/well-formed";
    /** Rule for the root address given to the checker. */
    static final String ROOT_URL = "rfc3986:3/root-url";

    private static final String ACCEPT_XML = "application/xml, text/xml, application/atom+xml, */*;q=0.5";

    final CheckRequest request;
    final Tally tally = new Tally();
    private final Fetcher fetcher;
    long documents;
    long entries;
    long sampled;
    boolean truncated;

    CheckRun(CheckRequest request, Fetcher fetcher) {
        this.request = request;
        this.fetcher = fetcher;
        tally.checked(FETCH, Severity.ERROR, "every document and sampled resource can be fetched (HTTP 2xx)");
        tally.checked(XML, Severity.ERROR, "every document is well-formed XML of the expected kind");
    }

    /** The root given as text, parsed; a malformed or non-http(s) address is a finding and empty. */
    Optional<URI> rootUri(String text) {
        String t = text.strip();
        try {
            URI uri = new URI(t);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                tally.error(ROOT_URL, t, 0, 0, null, "'" + t + "' is not an absolute http(s) URL with a host");
                return Optional.empty();
            }
            return Optional.of(uri);
        } catch (URISyntaxException e) {
            tally.error(ROOT_URL, t, 0, 0, null, "'" + t + "' is not a URL: " + e.getReason()
                    + (e.getIndex() >= 0 ? " at index " + e.getIndex() : ""));
            return Optional.empty();
        }
    }

    /** Whether the entry limit is reached; once it is, the check stops reading and says so. */
    boolean full() {
        if (entries >= request.maxEntries()) {
            truncated = true;
            return true;
        }
        return false;
    }

    /** Counts one entry. */
    void entry() {
        entries++;
    }

    /**
     * Downloads a source document to a temp file the caller deletes; a failure is a finding (naming
     * {@code referrer}, the document that pointed here, when there is one) and empty.
     */
    Optional<Fetched> document(URI url, String referrer) {
        FetchResult result = fetcher.fetch(FetchRequest.of(url).withHeader("Accept", ACCEPT_XML));
        return switch (result) {
            case FetchResult.Fetched f -> {
                documents++;
                yield Optional.of(new Fetched(f.finalUrl(), body(f), f.contentType(), f.headers()));
            }
            case FetchResult.NotModified n -> {
                tally.error(FETCH, url.toString(), 0, 0, null, "304 Not Modified to an unconditional request");
                yield Optional.empty();
            }
            case FetchResult.Failed f -> {
                tally.error(FETCH, url.toString(), 0, 0, null, describe(f)
                        + (referrer == null ? "" : " (linked from " + referrer + ")"));
                yield Optional.empty();
            }
        };
    }

    /**
     * Fetches a place discovery looks at (ResourceSync §6.3), which may well not exist: a failure is handed to
     * {@code failed} in words, not a finding (the check reports it when discovery finds nothing).
     */
    Optional<Fetched> place(URI url, java.util.function.Consumer<String> failed) {
        FetchResult result = fetcher.fetch(FetchRequest.of(url).withHeader("Accept", ACCEPT_XML));
        return switch (result) {
            case FetchResult.Fetched f -> {
                documents++;
                yield Optional.of(new Fetched(f.finalUrl(), body(f), f.contentType(), f.headers()));
            }
            case FetchResult.NotModified n -> {
                failed.accept(url + ": 304 Not Modified to an unconditional request");
                yield Optional.empty();
            }
            case FetchResult.Failed f -> {
                failed.accept(url + ": " + describe(f));
                yield Optional.empty();
            }
        };
    }

    /** A fetched document: where it ended up after redirects, its body, its media type (may be null), its headers. */
    record Fetched(URI url, Path body, String contentType, java.util.Map<String, java.util.List<String>> headers)
            implements org.lexsync.engine.discovery.ResourceSyncDiscovery.Response {
        /** A document without response headers (a manifest read from a package). */
        Fetched(URI url, Path body, String contentType) {
            this(url, body, contentType, java.util.Map.of());
        }

        @Override
        public URI finalUrl() {
            return url;
        }

        @Override
        public java.util.List<String> header(String name) {
            for (java.util.Map.Entry<String, java.util.List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue();
                }
            }
            return java.util.List.of();
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(body);
            } catch (IOException e) {
                // a temp file left behind is harmless
            }
        }
    }

    /**
     * A document that could not be parsed: one finding at the line and column the parser stopped. Used for
     * every {@link XmlDocumentException}, including hostile input (DOCTYPE, size and depth limits).
     */
    void unreadable(XmlDocumentException e, String document) {
        tally.error(XML, document, e.line(), e.column(), null, e.reason().description()
                + (e.detail() == null || e.detail().isBlank() ? "" : ": " + e.detail()));
    }

    /** True while more linked resources may be sampled. */
    boolean maySample() {
        return sampled < request.sample();
    }

    /**
     * Fetches one linked resource (sampled) and compares its bytes with what the publisher promised: every known
     * digest ({@code hashRule}), the length ({@code lengthRule}) and, as a warning, the media type
     * ({@code typeRule}). Given vs computed values go into the examples.
     *
     * @return true when the bytes matched every promise
     */
    boolean sample(URI url, String document, int line, int column, String entry, Digests hash, Long length,
                   String type, String hashRule, String lengthRule, String typeRule) {
        sampled++;
        FetchResult result = fetcher.fetch(FetchRequest.of(url));
        if (!(result instanceof FetchResult.Fetched f)) {
            String why = result instanceof FetchResult.Failed failed ? describe(failed) : "304 Not Modified";
            tally.error(FETCH, document, line, column, entry, url + ": " + why);
            return false;
        }
        try {
            boolean ok = true;
            for (Digest d : hash.known().values()) {
                String computed = computed(f, d.algorithm());
                if (computed == null) {
                    continue; // an algorithm the fetcher does not compute unasked is not judged here
                }
                if (!computed.equalsIgnoreCase(d.hex())) {
                    ok = false;
                    tally.add(Severity.ERROR, hashRule, new CheckExample(document, line, column, entry,
                            String.format(Locale.ROOT, "%s of %s does not match the bytes served", d.algorithm()
                                    .token(), url), d.hex(), computed));
                }
            }
            if (length != null && length != f.length()) {
                ok = false;
                tally.add(Severity.ERROR, lengthRule, new CheckExample(document, line, column, entry,
                        "length of " + url + " does not match the bytes served", Long.toString(length),
                        Long.toString(f.length())));
            }
            if (type != null && f.contentType() != null && !sameType(type, f.contentType())) {
                tally.add(Severity.WARNING, typeRule, new CheckExample(document, line, column, entry,
                        "media type of " + url + " differs from the Content-Type served", type, f.contentType()));
            }
            return ok;
        } finally {
            if (f.body() != null) {
                try {
                    Files.deleteIfExists(f.body());
                } catch (IOException e) {
                    // harmless
                }
            }
        }
    }

    private static String computed(FetchResult.Fetched f, HashAlgorithm algorithm) {
        return switch (algorithm) {
            case MD5 -> f.md5Hex();
            case SHA_256 -> f.sha256Hex();
            default -> null;
        };
    }

    private static boolean sameType(String promised, String served) {
        return base(promised).equals(base(served));
    }

    private static String base(String mediaType) {
        int semi = mediaType.indexOf(';');
        return (semi < 0 ? mediaType : mediaType.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
    }

    private static Path body(FetchResult.Fetched f) {
        if (f.body() != null) {
            return f.body();
        }
        try {
            Path p = Files.createTempFile("lexsync-check-", ".xml");
            Files.write(p, f.inline());
            return p;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String describe(FetchResult.Failed f) {
        String reason = f.reason().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return (f.status() > 0 ? "HTTP " + f.status() + ", " : "") + reason + ": " + f.message();
    }
}
