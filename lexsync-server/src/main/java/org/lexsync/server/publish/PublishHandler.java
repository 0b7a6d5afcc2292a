package org.lexsync.server.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.LexsyncException;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.StoreException;
import org.lexsync.server.Access;
import org.lexsync.server.ApiError;
import org.lexsync.server.ErrorResponses;
import org.lexsync.server.SecurityHeaders;

/**
 * The published aggregate's HTTP answers ({@link PublishRoutes}), given by a plain Jetty handler placed in front of
 * Javalin's servlet stack: GET and HEAD of the publish paths are answered here and never reach Javalin's router;
 * every other request (other paths, other methods) goes on to the handler this one wraps, unchanged. A kept document
 * ({@link CachedDocument}) is answered from its pre-encoded header fields and its bytes in one write; stored bytes
 * that are a local file are read into one buffer and written in one go ({@link FileAnswer}); the others are streamed
 * from the publication. Every document is answered under {@link SecurityHeaders#SANDBOX}: resources, blobs
 * and dump packages are bytes we did not write, and our feeds and lists quote them. With
 * {@code publish.content-base-url} set, a request for those bytes on any other host is answered {@code 308} to the
 * same path there, so they are never shown on the dashboard's origin. Errors are the server's JSON
 * ({@link ErrorResponses}), never a stack trace.
 */
final class PublishHandler extends Handler.Wrapper {
    private static final HttpField IMMUTABLE = new PreEncodedHttpField(HttpHeader.CACHE_CONTROL,
            "public, max-age=31536000, immutable");
    private static final HttpField NO_CACHE = new PreEncodedHttpField(HttpHeader.CACHE_CONTROL, "no-cache");
    private static final HttpField VARY = new PreEncodedHttpField(HttpHeader.VARY, "Accept-Encoding");
    private static final HttpField ACCEPT_RANGES = new PreEncodedHttpField(HttpHeader.ACCEPT_RANGES, "bytes");
    private static final HttpField GZIP = new PreEncodedHttpField(HttpHeader.CONTENT_ENCODING, "gzip");
    private static final HttpField JSON = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "application/json");

    private final PublishRoutes routes;
    private final Access access;

    PublishHandler(PublishRoutes routes, Access access) {
        this.routes = routes;
        this.access = access;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = request.getHttpURI().getPath();
        String method = request.getMethod();
        boolean headOnly = HttpMethod.HEAD.is(method);
        if (path == null || !PublishRoutes.publishes(path) || !headOnly && !HttpMethod.GET.is(method)) {
            return super.handle(request, response, callback);
        }
        try {
            serve(request, response, callback, path, headOnly);
        } catch (ApiError e) {
            error(response, callback, e.status(), e.getMessage());
        } catch (IOException e) {
            if (response.isCommitted()) {
                callback.failed(e);   // the client went away mid-answer: nothing to tell it
            } else {
                failed(request, response, callback, e);
            }
        } catch (RuntimeException e) {
            failed(request, response, callback, e);
        }
        return true;
    }

    private void serve(Request request, Response response, Callback callback, String path, boolean headOnly)
            throws IOException {
        HttpFields in = request.getHeaders();
        HttpFields.Mutable out = response.getHeaders();
        access.requireRead(in.get(HttpHeader.AUTHORIZATION), v -> out.put(HttpHeader.WWW_AUTHENTICATE, v));
        // harvested, ingested and dumped bytes, and our documents that quote them: never trusted on our origin
        SecurityHeaders.sandbox(out);
        String name = path.substring(1);
        PublishRoutes.Published now = routes.published(() -> ownUri(request));
        URI content = now.contentBase();
        if (content != null && PublishRoutes.storedBytes(path) && !content.getAuthority()
                .equalsIgnoreCase(String.valueOf(in.get(HttpHeader.HOST)))) {
            // stored bytes live on the second origin: this one (the dashboard's) only points there
            String query = request.getHttpURI().getQuery();
            out.put(HttpHeader.LOCATION, content + name + (query == null ? "" : "?" + query));
            out.put(HttpHeader.CACHE_CONTROL, "no-cache");
            response.setStatus(308);
            callback.succeeded();
            return;
        }
        if (StoredDocuments.covers(name)) {
            serveStored(request, response, callback, path, name, now, headOnly);
            return;
        }
        DocumentCache.Answer answer = routes.cache().answer(now.publication(), name, now.head())
                .orElseThrow(() -> ApiError.notFound("nothing is published at " + path));
        PublishedDocument doc = answer.doc();
        CachedDocument kept = answer.cached();
        boolean current = kept != null
                ? answeredNotModified(request, response, callback, doc, kept.headers().etag(), kept.headers().lastModified())
                : answeredNotModified(request, response, callback, doc, new HttpField(HttpHeader.ETAG, doc.etag()),
                        new HttpField(HttpHeader.LAST_MODIFIED, PublishRoutes.httpDate(doc.lastModified())));
        if (current) {
            return;
        }
        if (kept != null) {
            serveKept(request, response, callback, kept.headers().contentType(), doc, kept.body(), kept.headers().textual(),
                    before -> routes.cache().reweigh(name, kept, before), headOnly);
        } else {
            out.put(HttpHeader.CONTENT_TYPE, doc.contentType());
            if (!servedFromFile(request, response, callback, doc, headOnly)) {
                serveStreamed(request, response, callback, doc, headOnly);
            }
        }
    }

    /**
     * Answers stored bytes ({@link StoredDocuments}): what the path names, from memory while the journal stands still;
     * the bytes from memory when small (kept by content address), streamed from their tier otherwise.
     */
    private void serveStored(Request request, Response response, Callback callback, String path, String name,
                             PublishRoutes.Published now, boolean headOnly) throws IOException {
        HttpFields.Mutable out = response.getHeaders();
        StoredDocuments stored = routes.stored();
        StoredDocuments.Located located = stored.locate(now.publication(), name, now.head())
                .orElseThrow(() -> ApiError.notFound("nothing is published at " + path));
        PublishedDocument doc = located.doc();
        if (answeredNotModified(request, response, callback, doc, located.headers().etag(),
                located.headers().lastModified())) {
            return;
        }
        try {
            KeptBody body = stored.body(located);
            if (body != null) {
                serveKept(request, response, callback, located.headers().contentType(), doc, body, located.headers().textual(),
                        before -> stored.bytes().reweigh(located.key(), body, before), headOnly);
            } else {
                out.add(located.headers().contentType());
                if (!servedFromFile(request, response, callback, doc, headOnly)) {
                    serveStreamed(request, response, callback, doc, headOnly);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the lookup may be older than the store (bytes taken away behind it): look again, now and next time
            stored.forget(name);
            if (!response.isCommitted()) {
                if (now.publication().document(name).isEmpty()) {
                    response.reset();
                    throw ApiError.notFound("nothing is published at " + path);
                }
                if (e instanceof LexsyncException typed) {
                    // still published, bytes unreadable: the store is down (503, try again) or lost them (500)
                    response.reset();
                    throw new ApiError(e instanceof StoreException ? 503 : 500,
                            "the stored bytes published at " + path + " could not be read: " + typed.getMessage());
                }
            }
            throw e;
        }
    }

    /**
     * Answers bytes that are a local file right now (stored bytes, a dump package: {@link FileAnswer}) unless they are
     * to be gzipped; false: nothing was written, stream them.
     */
    private static boolean servedFromFile(Request request, Response response, Callback callback, PublishedDocument doc,
                                          boolean headOnly) throws IOException {
        if (PublishRoutes.textual(doc.contentType())
                && acceptsGzip(request.getHeaders().get(HttpHeader.ACCEPT_ENCODING))) {
            return false;
        }
        try (java.nio.channels.FileChannel file = doc.body().openFile()) {
            if (file == null) {
                return false;
            }
            FileAnswer.serve(request, response, callback, doc, file, headOnly);
            return true;
        }
    }

    /**
     * Puts the validators ({@code etag}, {@code lastModified}) and the caching fields every published document
     * carries, and answers {@code 304} when the request's copy is still {@code doc}'s: true when it did (nothing more
     * to write).
     */
    private static boolean answeredNotModified(Request request, Response response, Callback callback,
                                               PublishedDocument doc, HttpField etag, HttpField lastModified) {
        HttpFields.Mutable out = response.getHeaders();
        out.add(etag);
        out.add(lastModified);
        out.add(doc.immutable() ? IMMUTABLE : NO_CACHE);
        out.add(VARY);
        out.add(ACCEPT_RANGES);
        HttpFields in = request.getHeaders();
        if (!notModified(in.get(HttpHeader.IF_NONE_MATCH), in.get(HttpHeader.IF_MODIFIED_SINCE), doc)) {
            return false;
        }
        response.setStatus(304);
        callback.succeeded();
        return true;
    }

    /**
     * Answers from kept bytes: the whole, their gzip form (made once; {@code reweigh} is told the weight before it
     * was made), or one range of the plain bytes.
     */
    private static void serveKept(Request request, Response response, Callback callback, HttpField contentType,
                                  PublishedDocument doc, KeptBody kept, boolean textual,
                                  java.util.function.LongConsumer reweigh, boolean headOnly) {
        HttpFields in = request.getHeaders();
        HttpFields.Mutable out = response.getHeaders();
        out.add(contentType);
        ByteBuffer body;
        String rangeHeader = in.get(HttpHeader.RANGE);
        Range range = rangeHeader == null ? null : Range.parse(rangeHeader, in.get(HttpHeader.IF_RANGE), doc);
        if (range != null) {
            int total = kept.length();
            if (!range.satisfiable(total)) {
                out.put(HttpHeader.CONTENT_RANGE, "bytes */" + total);
                response.setStatus(416);
                callback.succeeded();
                return;
            }
            int from = (int) range.first(total);
            int length = (int) (range.last(total) - from + 1);
            response.setStatus(206);
            out.put(HttpHeader.CONTENT_RANGE, "bytes " + from + "-" + (from + length - 1) + "/" + total);
            out.put(HttpHeader.CONTENT_LENGTH, length);
            body = kept.body(from, length);
        } else if (textual && acceptsGzip(in.get(HttpHeader.ACCEPT_ENCODING))) {
            boolean made = kept.gzipped();
            long before = kept.weight();
            KeptBody.Gzipped gzip = kept.gzip();
            if (!made) {
                reweigh.accept(before);
            }
            out.add(GZIP);
            out.add(gzip.contentLength());
            body = gzip.body().slice();
        } else {
            out.add(kept.contentLength());
            body = kept.body(0, kept.length());
        }
        if (headOnly) {
            callback.succeeded();
        } else {
            response.write(true, body, callback);
        }
    }

    /** Answers a document that is not kept (stored bytes, or nothing may be kept) by writing its body out. */
    private static void serveStreamed(Request request, Response response, Callback callback, PublishedDocument doc,
                                      boolean headOnly) throws IOException {
        HttpFields in = request.getHeaders();
        HttpFields.Mutable out = response.getHeaders();
        String rangeHeader = in.get(HttpHeader.RANGE);
        Range range = rangeHeader == null ? null : Range.parse(rangeHeader, in.get(HttpHeader.IF_RANGE), doc);
        if (range != null) {
            long total = length(doc);
            if (!range.satisfiable(total)) {
                out.put(HttpHeader.CONTENT_RANGE, "bytes */" + total);
                response.setStatus(416);
                callback.succeeded();
                return;
            }
            long first = range.first(total);
            long last = range.last(total);
            response.setStatus(206);
            out.put(HttpHeader.CONTENT_RANGE, "bytes " + first + "-" + last + "/" + total);
            out.put(HttpHeader.CONTENT_LENGTH, last - first + 1);
            if (!headOnly) {
                writeRange(request, response, doc, first, last);
            }
            callback.succeeded();
            return;
        }
        boolean gzip = PublishRoutes.textual(doc.contentType()) && acceptsGzip(in.get(HttpHeader.ACCEPT_ENCODING));
        if (gzip) {
            out.add(GZIP);
        }
        if (headOnly) {
            if (!gzip) {
                out.put(HttpHeader.CONTENT_LENGTH, length(doc));
            }
        } else {
            // closed only on success: closing after a failure would commit a 200 with what little was written
            OutputStream body = Response.asBufferedOutputStream(request, response);
            OutputStream o = gzip ? new GZIPOutputStream(body, 64 * 1024) : body;
            doc.body().writeTo(o);
            o.close();
        }
        callback.succeeded();
    }

    /** This server's address as the request names it (scheme and Host), e.g. {@code http://127.0.0.1:8080/}. */
    private static URI ownUri(Request request) {
        String host = request.getHeaders().get(HttpHeader.HOST);
        if (host == null) {
            host = Request.getServerName(request) + ":" + Request.getServerPort(request);
        }
        return URI.create(request.getHttpURI().getScheme() + "://" + host + "/");
    }

    /** The server's JSON error, status {@code status}. */
    private static void error(Response response, Callback callback, int status, String message) {
        byte[] body = ErrorResponses.json(status, message);
        response.setStatus(status);
        HttpFields.Mutable out = response.getHeaders();
        SecurityHeaders.strict(out);
        out.put(JSON);
        out.put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** An unexpected failure: logged with its trace, answered 500 with a short message (or the exchange aborted). */
    private static void failed(Request request, Response response, Callback callback, Exception e) {
        String message = ErrorResponses.unexpected(request.getMethod(), request.getHttpURI().getPath(), e);
        if (response.isCommitted()) {
            callback.failed(e);
            return;
        }
        response.reset();
        error(response, callback, 500, message);
    }

    /** RFC 9110 §13.1.2 and §13.1.3: If-None-Match wins; If-Modified-Since only without it. */
    static boolean notModified(@Nullable String ifNoneMatch, @Nullable String ifModifiedSince, PublishedDocument doc) {
        if (ifNoneMatch != null) {
            if (ifNoneMatch.equals(doc.etag())) {
                return true;
            }
            for (String tag : ifNoneMatch.split(",")) {
                String t = tag.strip();
                if (t.equals("*") || weakless(t).equals(weakless(doc.etag()))) {
                    return true;
                }
            }
            return false;
        }
        if (ifModifiedSince == null) {
            return false;
        }
        try {
            Instant since = ZonedDateTime.parse(ifModifiedSince.strip(), PublishRoutes.httpDates()).toInstant();
            return !doc.lastModified().truncatedTo(ChronoUnit.SECONDS).isAfter(since);
        } catch (DateTimeParseException e) {
            return false;   // RFC 9110 §13.1.3: an invalid date is ignored
        }
    }

    private static String weakless(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
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

    /**
     * Writes bytes {@code first} to {@code last} of a streamed document: from a ranged read when its body offers one
     * (nothing before the range is read), else through its whole stream. Closes the response's stream only on success.
     */
    private static void writeRange(Request request, Response response, PublishedDocument doc, long first, long last)
            throws IOException {
        OutputStream out = Response.asBufferedOutputStream(request, response);
        try (java.io.InputStream part = doc.body().openRange(first, last)) {
            if (part == null) {
                OutputStream body = new RangeOutputStream(out, first, last);
                doc.body().writeTo(body);
                body.close();
                return;
            }
            byte[] chunk = new byte[64 * 1024];
            for (long left = last - first + 1; left > 0; ) {
                int n = part.read(chunk, 0, (int) Math.min(chunk.length, left));
                if (n < 0) {
                    throw new java.io.EOFException("the stored bytes ended " + left + " bytes before byte " + last);
                }
                out.write(chunk, 0, n);
                left -= n;
            }
        }
        out.close();
    }

    /** The document's length: from its body when it knows it, else by writing the bytes once and counting them. */
    private static long length(PublishedDocument doc) throws IOException {
        long known = doc.body().length();
        if (known >= 0) {
            return known;
        }
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
