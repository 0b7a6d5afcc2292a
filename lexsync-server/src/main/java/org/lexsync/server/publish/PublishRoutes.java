package org.lexsync.server.publish;

import org.lexsync.engine.PublishConfigs;
import io.javalin.config.RoutesConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.eclipse.jetty.server.Handler;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;

/**
 * Serves the published aggregate (docs/architecture.md, "Publishing the aggregate"; DESIGN's server paths
 * {@code /feed/...}, {@code /.well-known/resourcesync} and the ResourceSync documents, {@code /eli/sitemap.xml},
 * {@code /eli/eli-update-feed.atom}, and our copies of resources and blobs). Every answer carries the document's
 * ETag and Last-Modified; a closed document is {@code Cache-Control: public, max-age=31536000, immutable}, an open one
 * {@code no-cache}; conditional GET answers 304, {@code Accept-Encoding: gzip} compresses textual documents, a single
 * byte range is answered 206, HEAD gives the headers alone.
 *
 * <p>GET and HEAD of these paths are answered by a Jetty handler in front of Javalin ({@link PublishHandler}), so
 * they cost neither the servlet stack nor the router; other methods fall through to Javalin (its JSON 404). The
 * journal head and the stored sources are read again only when {@link StoreChanges} says the store may have changed.
 * Rendered documents are kept by {@link DocumentCache}; stored bytes ({@code blob/…}, {@code resource/…}) by
 * {@link StoredDocuments}, whose hot bytes are bounded by {@code publish.serve-cache-bytes}.
 */
public final class PublishRoutes implements ServerFeature {
    /** The top-level paths the publication answers (the rest of the server's paths are its own). */
    static final List<String> PREFIXES = List.of("/feed/", "/resourcesync/", "/eli/", "/resource/", "/blob/");
    static final String WELL_KNOWN = "/.well-known/resourcesync";
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.ROOT);

    private final ServerContext context;
    private final DocumentCache cache;
    private final StoredDocuments stored;
    private final StoreChanges changes;
    private volatile @Nullable Published published;
    /** Looks at the store begun so far (each numbers the {@link Published} it makes). */
    private final AtomicLong reads = new AtomicLong();

    /**
     * The publication as of one look at the store (the {@code read}th): the journal head then, the sources it was made
     * for, and the second origin for stored bytes ({@code publish.content-base-url}; null when not given).
     */
    record Published(StoreChanges.Mark mark, long head, Publication publication, List<String> sources,
                     @Nullable URI contentBase, long read) {
    }

    public PublishRoutes(ServerContext context) {
        this(context, DocumentCache.DEFAULT_BUDGET);
    }

    /** With a budget in bytes for the rendered documents kept ({@link DocumentCache}); 0 keeps none. */
    PublishRoutes(ServerContext context, long cacheBudget) {
        this(context, cacheBudget, StoreChanges.FALLBACK_POLL_NANOS);
    }

    /** Also with the longest a head read is trusted on PostgreSQL while journal notifications arrive. */
    PublishRoutes(ServerContext context, long cacheBudget, long fallbackPollNanos) {
        this(context, cacheBudget, fallbackPollNanos, hotBytes(context));
    }

    /** Also with the hot stored bytes kept in memory ({@link HotBytes}). */
    PublishRoutes(ServerContext context, long cacheBudget, long fallbackPollNanos, HotBytes hot) {
        this.context = Objects.requireNonNull(context, "context");
        this.cache = new DocumentCache(cacheBudget);
        this.changes = new StoreChanges(context.lexsync(), fallbackPollNanos);
        this.stored = new StoredDocuments(hot);
    }

    /** The hot bytes' budget and entry size of {@code publish.serve-cache-bytes} and {@code -entry-bytes}. */
    private static HotBytes hotBytes(ServerContext context) {
        Path file = context.configuration().file();
        return new HotBytes(PublishConfigs.serveCacheBytes(file).orElse(HotBytes.DEFAULT_BUDGET),
                (int) PublishConfigs.serveCacheEntryBytes(file).orElse(HotBytes.DEFAULT_ENTRY_MAX));
    }

    /** The rendered documents kept (for tests). */
    DocumentCache cache() {
        return cache;
    }

    /** The stored bytes' lookups and hot bytes kept. */
    StoredDocuments stored() {
        return stored;
    }

    /** None: the publish paths are answered in front of Javalin ({@link #frontHandler()}). */
    @Override
    public void routes(RoutesConfig routes) {
    }

    @Override
    public Optional<Handler.Wrapper> frontHandler() {
        return Optional.of(new PublishHandler(this, context.access()));
    }

    /** True for the paths the publication answers. */
    static boolean publishes(String path) {
        if (path.startsWith(WELL_KNOWN)) {
            return path.length() == WELL_KNOWN.length() || path.length() == WELL_KNOWN.length() + 1
                    && path.charAt(WELL_KNOWN.length()) == '/';
        }
        for (String prefix : PREFIXES) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The publication and the journal head now: kept while {@link StoreChanges} sees no write since they were read,
     * else read again; made again when the stored sources changed (each source has its own feed and capability
     * list), kept otherwise (it holds the position indexes of the feeds). {@code ownUri} is this server's address
     * as the request names it, the base URL when the configuration gives none.
     *
     * <p>Requests that find the store changed share one look at it: a look begun after a request arrived saw every
     * commit that ended before it, so that request takes its result instead of reading again. (While a SQLite store's
     * files settle after each write of the node heartbeat, every request would otherwise read the head and the
     * sources: two queries on a tenth of all requests.)
     */
    Published published(Supplier<URI> ownUri) {
        long arrived = reads.get();
        Published last = published;
        StoreChanges.Mark now = changes.mark();
        if (last != null && (last.read() > arrived || changes.unchanged(last.mark(), now))) {
            return last;
        }
        synchronized (this) {
            Published current = published;
            if (current != null && current.read() > arrived) {
                return current;
            }
            long read = reads.incrementAndGet();
            StoreChanges.Mark mark = changes.mark();
            LexSync lexsync = context.lexsync();
            long head = lexsync.store().lastSeq();
            List<String> ids = lexsync.store().storedSources().stream().map(r -> r.id()).sorted().toList();
            Publication p;
            URI contentBase;
            if (current != null && current.sources().equals(ids)) {
                p = current.publication();
                contentBase = current.contentBase();
            } else {
                p = lexsync.publication(settings(ownUri));
                contentBase = PublishConfigs.contentBaseUrl(context.configuration().file()).orElse(null);
                cache.clear();
                stored.forget();
            }
            Published fresh = new Published(mark, head, p, ids, contentBase, read);
            published = fresh;
            return fresh;
        }
    }

    private PublishSettings settings(Supplier<URI> ownUri) {
        Path file = context.configuration().file();
        try {
            return PublishConfigs.settings(file, null).build();
        } catch (IllegalArgumentException noBaseUrl) {
            return PublishConfigs.settings(file, ownUri.get()).build();
        }
    }

    /** An HTTP date (RFC 9110 §5.6.7). */
    static String httpDate(Instant t) {
        return HTTP_DATE.format(t.atZone(ZoneOffset.UTC));
    }

    /** The format of HTTP dates (RFC 9110 §5.6.7), for parsing If-Modified-Since. */
    static DateTimeFormatter httpDates() {
        return HTTP_DATE;
    }

    /** True for the paths that carry bytes we did not write: resources, blobs, dump packages. */
    static boolean storedBytes(String path) {
        return path.startsWith("/resource/") || path.startsWith("/blob/")
                || path.startsWith("/resourcesync/") && path.endsWith(".zip");
    }

    static boolean textual(String contentType) {
        String t = contentType.toLowerCase(Locale.ROOT);
        return t.startsWith("text/") || t.contains("xml") || t.contains("json");
    }
}
