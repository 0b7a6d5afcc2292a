package org.lexsync.engine.harvest;

import org.jspecify.annotations.Nullable;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * Downloads a source's own documents (capability and change lists, dump packages, feeds, Sitemaps) for every
 * protocol the same way: through the polite {@link Fetcher} (robots.txt, per-host politeness, bounded redirects,
 * body to a temp file), only over http and https, with a conditional GET when the fetch cache knows validators
 * (docs/architecture.md invariant "Polite"), the same request headers on every document of the harvest (e.g. an
 * access token), counting documents and bytes for the report and telling the listener. A document that cannot be
 * obtained is a {@link SourceUnreadableException} naming the URL and the HTTP status; the caller decides whether
 * that stops the run or only one part of it. Parsing stays with each protocol.
 *
 * <p>Thread-safe: the counters are shared by planners that read ahead.
 */
public final class SourceReader {
    private final Fetcher fetcher;
    private final HarvestListener listener;
    private final HarvestStore store;
    private final Map<String, String> headers;
    private long documents;
    private long bytes;

    /**
     * A reader sending {@code headers} with every request; {@code store} (may be null: no fetch cache) keeps the
     * validators of conditional GETs.
     */
    public SourceReader(Fetcher fetcher, @Nullable HarvestListener listener, @Nullable HarvestStore store,
                        @Nullable Map<String, String> headers) {
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
        this.listener = listener == null ? HarvestListener.NONE : listener;
        this.store = store;
        this.headers = headers == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(headers));
    }

    /** A reader over a harvest's fetcher, listener and store, without extra headers. */
    public static SourceReader of(HarvestContext context) {
        return new SourceReader(context.fetcher(), context.listener(), context.store(), Map.of());
    }

    /** The fetcher documents are read with (e.g. for a mirror's resources, which are not source documents). */
    public Fetcher fetcher() {
        return fetcher;
    }

    /** The listener told of every document read. */
    public HarvestListener listener() {
        return listener;
    }

    /**
     * Downloads {@code url} (with {@code accept}, when not null); the caller deletes the body.
     *
     * @throws SourceUnreadableException when the document cannot be obtained
     */
    public FetchResult.Fetched get(URI url, @Nullable String accept) {
        return get(url, accept, Expectation.NONE);
    }

    /**
     * Downloads {@code url}; bytes that do not match {@code expected} never come back.
     *
     * @throws SourceUnreadableException when the document cannot be obtained
     */
    public FetchResult.Fetched get(URI url, @Nullable String accept, Expectation expected) {
        FetchResult result = fetch(url, accept, expected, Validators.NONE);
        return switch (result) {
            case FetchResult.Fetched f -> f;
            case FetchResult.NotModified n -> throw new SourceUnreadableException(url, 304,
                    "304 Not Modified to an unconditional request");
            case FetchResult.Failed f -> throw new SourceUnreadableException(url, f.status(), describe(f));
        };
    }

    /**
     * Downloads {@code url} with a conditional GET using {@code validators}; empty when the source answers
     * 304 Not Modified.
     *
     * @throws SourceUnreadableException when the document cannot be obtained
     */
    public Optional<FetchResult.Fetched> getIfChanged(URI url, @Nullable String accept, @Nullable Validators validators) {
        FetchResult result = fetch(url, accept, Expectation.NONE, validators);
        return switch (result) {
            case FetchResult.Fetched f -> Optional.of(f);
            case FetchResult.NotModified n -> {
                if (validators == null || validators.isNone()) {
                    throw new SourceUnreadableException(url, 304, "304 Not Modified to an unconditional request");
                }
                yield Optional.empty();
            }
            case FetchResult.Failed f -> throw new SourceUnreadableException(url, f.status(), describe(f));
        };
    }

    /**
     * Downloads {@code url} and hands back whatever the fetcher answered (a failure included), for a caller that
     * names failures in its own terms (e.g. a broken Atom archive chain); a fetched body is counted.
     */
    public FetchResult fetch(URI url, @Nullable String accept, Expectation expected, @Nullable Validators validators) {
        if (!"http".equalsIgnoreCase(url.getScheme()) && !"https".equalsIgnoreCase(url.getScheme())) {
            throw new SourceUnreadableException(url, 0, "only http and https documents are read");
        }
        FetchRequest request = new FetchRequest(url, expected, validators, headers);
        if (accept != null) {
            request = request.withHeader("Accept", accept);
        }
        FetchResult result = fetcher.fetch(request);
        if (result instanceof FetchResult.Fetched f) {
            synchronized (this) {
                documents++;
                bytes += f.length();
            }
            listener.documentRead(url, f.length());
        }
        return result;
    }

    /** What the fetch cache holds under {@code key}; empty without a store. */
    public Optional<CachedDocument> cached(String key) {
        return store == null ? Optional.empty() : store.cached(key);
    }

    /** The validators the fetch cache holds under {@code key} ({@link Validators#NONE} when none). */
    public Validators validators(String key) {
        return cached(key).map(CachedDocument::validators).orElse(Validators.NONE);
    }

    /** Remembers a downloaded document's validators and digest under {@code key} for the next conditional GET. */
    public void remember(String key, FetchResult.Fetched f) {
        remember(new CachedDocument(key, f.etag(), f.lastModified(), f.sha256Hex(), Instant.now()));
    }

    /** Remembers {@code document} in the fetch cache (nothing without a store). */
    public void remember(CachedDocument document) {
        if (store != null) {
            store.cache(document);
        }
    }

    /** Documents downloaded so far. */
    public synchronized long documents() {
        return documents;
    }

    /** Bytes downloaded so far. */
    public synchronized long bytes() {
        return bytes;
    }

    /** A failed fetch in words: the reason's token and the fetcher's message, e.g. {@code http-error: 404 …}. */
    public static String describe(FetchResult.Failed f) {
        return f.reason().name().toLowerCase(Locale.ROOT).replace('_', '-') + ": " + f.message();
    }
}
