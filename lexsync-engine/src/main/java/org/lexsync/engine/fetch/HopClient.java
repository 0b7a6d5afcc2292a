package org.lexsync.engine.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.MalformedURLException;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;

/**
 * One GET (or form POST) over the JDK's blocking HTTP/1.1 client ({@link HttpURLConnection}: keep-alive,
 * redirects not followed here but by {@link RedirectFollower}, no proxy, no cache), run on the caller's
 * (virtual) thread. Sends our User-Agent, {@code Accept-Encoding: gzip, deflate} and the caller's headers; waits
 * for the headers, and between body bytes, at most the read timeout (or the total timeout when it is shorter: the
 * connection's timeout cannot change once it is open); turns transport failures into {@link FetchException}s.
 *
 * <p>Why not {@code java.net.http.HttpClient} (DESIGN §6's first choice): each of its exchanges passes through its
 * selector thread and back, several thread switches and futures per request. Measured on loopback, one request in
 * flight, 1.4 KB bodies (docs/benchmarks.md, issue 12): 184-265 µs and 142-264 µs of CPU per request against
 * 86-165 µs and 48-106 µs here; with one request in flight per host (the polite default) that round trip sets
 * the pace of a whole sync. What we give up is HTTP/2 over TLS, which one request in flight does not use.
 */
final class HopClient implements AutoCloseable {
    static {
        // Idle connections kept per host (JDK default 5): enough for the per-host concurrency a source may set.
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", "32");
        }
    }

    private final String userAgent;
    private final int connectTimeoutMillis;
    private final Duration readTimeout;
    private final Duration totalTimeout;
    private final HostBreaker breaker;
    private final FetchStatistics statistics;

    HopClient(String userAgent, Duration connectTimeout, Duration readTimeout, Duration totalTimeout,
              HostBreaker breaker, FetchStatistics statistics) {
        this.userAgent = userAgent;
        this.connectTimeoutMillis = millis(connectTimeout);
        this.readTimeout = readTimeout;
        this.totalTimeout = totalTimeout;
        this.breaker = breaker;
        this.statistics = statistics;
    }

    /**
     * Sends a GET; the caller reads (or closes) the body stream of the response. Fails at once, without a
     * connection attempt, while the host's breaker is open; tells the breaker how the attempt went.
     */
    HopResponse get(URI url, Map<String, String> headers) throws InterruptedException {
        return send(url, headers, null);
    }

    /** As {@link #get}, but a POST of {@code form} when it is not null (portal search forms). */
    HopResponse send(URI url, Map<String, String> headers, FormBody form) throws InterruptedException {
        breaker.check(url);
        long sent = System.nanoTime();
        long deadline = sent + totalTimeout.toNanos();
        String hostKey = RedirectFollower.hostKey(url);
        HttpURLConnection connection = null;
        boolean connected = false;
        try {
            // toASCIIString: a URL with non-ASCII characters (an IRI) goes on the wire percent-encoded as UTF-8
            connection = (HttpURLConnection) URI.create(url.toASCIIString()).toURL().openConnection(Proxy.NO_PROXY);
            HttpURLConnection opened = connection;
            HostLanes.onCancel(opened::disconnect); // a platform thread's blocking read ignores interrupts
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setConnectTimeout(connectTimeoutMillis);
            connection.setReadTimeout(millis(readTimeout.compareTo(totalTimeout) <= 0 ? readTimeout : totalTimeout));
            connection.setRequestProperty("User-Agent", userAgent);
            connection.setRequestProperty("Accept-Encoding", "gzip, deflate");
            // the JDK's own default names a few image types; ours asks for anything unless the caller says otherwise
            connection.setRequestProperty("Accept", "*/*");
            headers.forEach(connection::setRequestProperty);
            byte[] encoded = form == null ? null : form.encoded();
            if (encoded != null) {
                connection.setRequestMethod("POST");
                connection.setDoOutput(true);
                connection.setFixedLengthStreamingMode(encoded.length);
                connection.setRequestProperty("Content-Type", form.contentType());
            }
            connection.connect();
            connected = true;
            if (encoded != null) {
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(encoded);
                }
            }
            int status = connection.getResponseCode();
            if (status < 0) {
                throw new IOException("the answer is not HTTP (no status line)");
            }
            ResponseHeaders responseHeaders = ResponseHeaders.of(connection);
            InputStream raw = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            breaker.succeeded(url);
            statistics.record(hostKey, status, System.nanoTime() - sent);
            return new HopResponse(status, responseHeaders, new TimedBodyStream(raw, deadline));
        } catch (IOException | RuntimeException e) {
            if (connection != null) {
                connection.disconnect();
            }
            if (Thread.currentThread().isInterrupted() || e instanceof InterruptedIOException
                    && !(e instanceof SocketTimeoutException)) {
                breaker.abandoned(url);
                Thread.interrupted(); // the exception carries the interrupt, as a blocking JDK call's would
                throw new InterruptedException("interrupted while fetching " + url);
            }
            FetchException failure = translate(url, e, connected, System.nanoTime() - deadline >= 0);
            breaker.failed(url, failure);
            statistics.record(hostKey, 0, System.nanoTime() - sent);
            throw failure;
        }
    }

    static FetchException translate(URI url, Throwable cause, boolean connected, boolean pastDeadline) {
        if (cause instanceof SocketTimeoutException e) {
            if (!connected) {
                return FetchException.transientFailure(url, FetchFailure.TIMEOUT, "connect timeout: " + describe(e), e);
            }
            return FetchException.transientFailure(url, FetchFailure.TIMEOUT, pastDeadline
                    ? "no response headers within the total timeout" : "no response headers within the read timeout", e);
        }
        if (cause instanceof ConnectException || cause instanceof UnknownHostException) {
            return FetchException.transientFailure(url, FetchFailure.CONNECTION, "cannot connect: " + describe(cause), cause);
        }
        if (cause instanceof MalformedURLException || cause instanceof IllegalArgumentException) {
            return FetchException.fatal(url, FetchFailure.FORBIDDEN_SCHEME, "URL not accepted: " + cause.getMessage());
        }
        if (cause instanceof IOException) {
            return FetchException.transientFailure(url, FetchFailure.CONNECTION, "connection failed: " + describe(cause), cause);
        }
        return FetchException.transientFailure(url, FetchFailure.CONNECTION, "exchange failed: " + describe(cause), cause);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static int millis(Duration d) {
        long ms = Math.max(1, d.toMillis());
        return ms > Integer.MAX_VALUE ? 0 : (int) ms;
    }

    @Override
    public void close() {
        // Connections live in the JDK's keep-alive cache, which closes idle ones by itself.
    }
}
