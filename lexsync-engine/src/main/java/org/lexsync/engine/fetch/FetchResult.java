package org.lexsync.engine.fetch;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The outcome of {@link Fetcher#fetch(FetchRequest)}: verified bytes, unchanged, or a typed failure. */
public sealed interface FetchResult {

    /** The URL asked for. */
    URI requested();

    /**
     * Verified bytes in a temp file that the CALLER now owns (moves it into the blob store or deletes it), or,
     * when the request allowed it ({@link FetchRequest#inlineLimit()}) and the body fits, in {@code inline}
     * with {@code body} null. {@code md5Hex}/{@code sha256Hex} and {@code length} describe the decoded body.
     */
    record Fetched(URI requested, URI finalUrl, int status, Path body, long length, String md5Hex, String sha256Hex,
                   String contentType, String etag, String lastModified, Map<String, List<String>> headers,
                   int tries, byte[] inline) implements FetchResult {
        public Fetched {
            Objects.requireNonNull(requested, "requested");
            Objects.requireNonNull(finalUrl, "finalUrl");
            if ((body == null) == (inline == null)) {
                throw new IllegalArgumentException("a fetched body is either a file or inline bytes");
            }
            headers = Map.copyOf(headers);
        }

        /** A body in a temp file. */
        public Fetched(URI requested, URI finalUrl, int status, Path body, long length, String md5Hex,
                       String sha256Hex, String contentType, String etag, String lastModified,
                       Map<String, List<String>> headers, int tries) {
            this(requested, finalUrl, status, body, length, md5Hex, sha256Hex, contentType, etag, lastModified,
                    headers, tries, null);
        }
    }

    /** 304 Not Modified for the validators sent: the stored copy is still current; nothing was downloaded. */
    record NotModified(URI requested, URI finalUrl, String etag, String lastModified) implements FetchResult {
        public NotModified {
            Objects.requireNonNull(requested, "requested");
            Objects.requireNonNull(finalUrl, "finalUrl");
        }
    }

    /**
     * No verified bytes. {@code status} is the last HTTP status seen (0 if none), {@code tries} the number of
     * attempts made and {@code retryAfter} the server's Retry-After, if it sent one (nullable).
     */
    record Failed(URI requested, FetchFailure reason, String message, int status, int tries, Duration retryAfter)
            implements FetchResult {
        public Failed {
            Objects.requireNonNull(requested, "requested");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
        }
    }
}
