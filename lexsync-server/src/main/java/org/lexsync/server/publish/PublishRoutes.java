package org.lexsync.server.publish;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.server.ApiError;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;

/**
 * Serves the published aggregate (docs/architecture.md, "Publishing the aggregate"; DESIGN's server paths
 * {@code /feed/...}, {@code /.well-known/resourcesync} and the ResourceSync documents, {@code /eli/sitemap.xml},
 * {@code /eli/eli-update-feed.atom}, and our copies of resources and blobs). Every answer carries the document's
 * ETag and Last-Modified; a closed document is {@code Cache-Control: public, max-age=31536000, immutable}, an open one
 * {@code no-cache}; conditional GET answers 304, {@code Accept-Encoding: gzip} compresses textual documents, a single
 * byte range is answered 206, HEAD gives the headers alone.
 */
public final class PublishRoutes implements ServerFeature {
    /** The top-level paths the publication answers (the rest of the server's paths are its own). */
    static final List<String> PREFIXES = List.of("/feed/", "/resourcesync/", "/eli/", "/resource/", "/blob/");
    static final String WELL_KNOWN = "/.well-known/resourcesync";
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.ROOT);

    private final ServerContext context;
    private final DocumentCache cache;
    private @Nullable Publication publication;
    private List<String> publishedSources = List.of();

    public PublishRoutes(ServerContext context) {
        this(context, DocumentCache.DEFAULT_BUDGET);
    }

    /** With a budget in bytes for the rendered documents kept ({@link DocumentCache}); 0 keeps none. */
    PublishRoutes(ServerContext context, long cacheBudget) {
        this.context = Objects.requireNonNull(context, "context");
        this.cache = new DocumentCache(cacheBudget);
    }

    /** The rendered documents kept (for tests). */
    DocumentCache cache() {
        return cache;
    }

    @Override
    public void routes(RoutesConfig routes) {
        Handler get = ctx -> serve(ctx, false);
        Handler head = ctx -> serve(ctx, true);
        routes.get(WELL_KNOWN, get);
        routes.head(WELL_KNOWN, head);
        for (String prefix : PREFIXES) {
            routes.get(prefix + "*", get);
            routes.head(prefix + "*", head);
        }
    }

    /**
     * The publication: the {@code publish:} section of the configuration file, its base URL defaulting to this
     * server's own address. Made again when the stored sources change (each source has its own feed and capability
     * list), kept otherwise (it holds the position indexes of the feeds).
     */
    private Publication publication(Context ctx) {
        List<String> ids = context.lexsync().storedSources().stream().map(r -> r.id()).sorted().toList();
        synchronized (this) {
            if (publication == null || !ids.equals(publishedSources)) {
                publication = context.lexsync().publication(settings(ctx));
                publishedSources = ids;
                cache.clear();
            }
            return publication;
        }
    }

    private PublishSettings settings(Context ctx) {
        java.nio.file.Path file = context.configuration().file();
        try {
            return LexSync.publishSettings(file, null).build();
        } catch (IllegalArgumentException noBaseUrl) {
            URI own = URI.create(ctx.scheme() + "://" + ctx.host() + "/");
            return LexSync.publishSettings(file, own).build();
        }
    }

    private void serve(Context ctx, boolean headOnly) throws IOException {
        context.access().requireRead(ctx);
        String path = ctx.path().substring(1);
        long head = context.lexsync().lastSeq();
        DocumentCache.Answer answer = cache.answer(publication(ctx), path, head)
                .orElseThrow(() -> ApiError.notFound("nothing is published at " + ctx.path()));
        PublishedDocument doc = answer.doc();
        ctx.header("ETag", doc.etag());
        ctx.header("Last-Modified", answer.cached() != null ? answer.cached().lastModified()
                : httpDate(doc.lastModified()));
        ctx.header("Cache-Control", doc.immutable() ? IMMUTABLE : "no-cache");
        ctx.header("Vary", "Accept-Encoding");
        ctx.header("Accept-Ranges", "bytes");
        if (notModified(ctx, doc)) {
            ctx.status(304);
            return;
        }
        ctx.contentType(doc.contentType());
        if (answer.cached() != null) {
            serveKept(ctx, path, answer.cached(), headOnly);
            return;
        }
        Range range = Range.parse(ctx.header("Range"), ctx.header("If-Range"), doc);
        if (range != null) {
            long total = length(doc);
            if (!range.satisfiable(total)) {
                ctx.header("Content-Range", "bytes */" + total);
                ctx.status(416);
                return;
            }
            long first = range.first(total);
            long last = range.last(total);
            ctx.status(206);
            ctx.header("Content-Range", "bytes " + first + "-" + last + "/" + total);
            ctx.header("Content-Length", Long.toString(last - first + 1));
            if (!headOnly) {
                try (OutputStream out = new RangeOutputStream(ctx.res().getOutputStream(), first, last)) {
                    doc.body().writeTo(out);
                }
            }
            return;
        }
        boolean gzip = textual(doc.contentType()) && acceptsGzip(ctx.header("Accept-Encoding"));
        if (headOnly) {
            if (!gzip) {
                ctx.header("Content-Length", Long.toString(length(doc)));
            } else {
                ctx.header("Content-Encoding", "gzip");
            }
            return;
        }
        if (gzip) {
            ctx.header("Content-Encoding", "gzip");
            try (OutputStream out = new GZIPOutputStream(ctx.res().getOutputStream(), 64 * 1024)) {
                doc.body().writeTo(out);
            }
        } else {
            try (OutputStream out = ctx.res().getOutputStream()) {
                doc.body().writeTo(out);
            }
        }
    }

    /** Answers from the kept bytes of a document: the whole, its gzip form, or one range of the plain bytes. */
    private void serveKept(Context ctx, String path, CachedDocument kept, boolean headOnly) throws IOException {
        PublishedDocument doc = kept.doc();
        byte[] body = kept.bytes();
        int from = 0;
        int length = body.length;
        Range range = Range.parse(ctx.header("Range"), ctx.header("If-Range"), doc);
        if (range != null) {
            if (!range.satisfiable(body.length)) {
                ctx.header("Content-Range", "bytes */" + body.length);
                ctx.status(416);
                return;
            }
            from = (int) range.first(body.length);
            length = (int) (range.last(body.length) - from + 1);
            ctx.status(206);
            ctx.header("Content-Range", "bytes " + from + "-" + (from + length - 1) + "/" + body.length);
        } else if (textual(doc.contentType()) && acceptsGzip(ctx.header("Accept-Encoding"))) {
            long before = kept.weight();
            body = kept.gzip();
            cache.reweigh(path, kept, before);
            length = body.length;
            ctx.header("Content-Encoding", "gzip");
        }
        ctx.res().setContentLengthLong(length);
        if (!headOnly) {
            OutputStream out = ctx.res().getOutputStream();
            out.write(body, from, length);
            out.flush();
        }
    }

    /** An HTTP date (RFC 9110 §5.6.7). */
    static String httpDate(Instant t) {
        return HTTP_DATE.format(t.atZone(ZoneOffset.UTC));
    }

    /** RFC 9110 §13.1.2 and §13.1.3: If-None-Match wins; If-Modified-Since only without it. */
    static boolean notModified(Context ctx, PublishedDocument doc) {
        String inm = ctx.header("If-None-Match");
        if (inm != null) {
            for (String tag : inm.split(",")) {
                String t = tag.strip();
                if (t.equals("*") || weakless(t).equals(weakless(doc.etag()))) {
                    return true;
                }
            }
            return false;
        }
        String ims = ctx.header("If-Modified-Since");
        if (ims == null) {
            return false;
        }
        try {
            Instant since = ZonedDateTime.parse(ims.strip(), HTTP_DATE).toInstant();
            return !doc.lastModified().truncatedTo(ChronoUnit.SECONDS).isAfter(since);
        } catch (DateTimeParseException e) {
            return false;   // RFC 9110 §13.1.3: an invalid date is ignored
        }
    }

    private static String weakless(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    static boolean textual(String contentType) {
        String t = contentType.toLowerCase(Locale.ROOT);
        return t.startsWith("text/") || t.contains("xml") || t.contains("json");
    }

    static boolean acceptsGzip(@Nullable String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.split(",")) {
            String[] p = part.strip().split(";");
            if (p[0].strip().equalsIgnoreCase("gzip")) {
                return p.length < 2 || !p[1].replace(" ", "").equals("q=0");
            }
        }
        return false;
    }

    private static long length(PublishedDocument doc) throws IOException {
        CountingSink sink = new CountingSink();
        doc.body().writeTo(sink);
        return sink.count;
    }

    /** Counts the bytes of a body (for Content-Length and ranges) without keeping them. */
    private static final class CountingSink extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
