package org.lexsync.engine.fetch;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * One GET (or form POST) on the JDK {@link HttpClient} (HTTP/1.1 and 2, keep-alive, redirects NEVER: they are followed by
 * {@link RedirectFollower}), running on virtual threads. Sends our User-Agent, {@code Accept-Encoding:
 * gzip, deflate} and the caller's headers; waits for the headers at most the read timeout and the whole
 * exchange at most the total timeout; turns transport failures into {@link FetchException}s.
 */
final class HopClient implements AutoCloseable {
    private final HttpClient client;
    private final String userAgent;
    private final Duration readTimeout;
    private final Duration totalTimeout;
    private final HostBreaker breaker;
    private final FetchStatistics statistics;

    HopClient(String userAgent, HttpClient.Version version, Duration connectTimeout, Duration readTimeout,
              Duration totalTimeout, HostBreaker breaker, FetchStatistics statistics) {
        this.client = HttpClient.newBuilder()
                .version(version)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                // The client's dependent tasks run where they are triggered (mostly its selector thread): our
                // only body subscriber, TimedBodyStream, never blocks in onNext, and handing every task to
                // another thread cost a thread switch per step of each exchange (measured: 15-20 % of the
                // client's CPU in an incremental ResourceSync run of 10,000 1 KB resources).
                .executor(Runnable::run)
                .build();
        this.userAgent = userAgent;
        this.readTimeout = readTimeout;
        this.totalTimeout = totalTimeout;
        this.breaker = breaker;
        this.statistics = statistics;
    }

    /**
     * Sends a GET; the caller reads (or closes) the body stream of the response. Fails at once, without a
     * connection attempt, while the host's breaker is open; tells the breaker how the attempt went.
     */
    HttpResponse<TimedBodyStream> get(URI url, Map<String, String> headers) throws InterruptedException {
        return send(url, headers, null);
    }

    /** As {@link #get}, but a POST of {@code form} when it is not null (portal search forms). */
    HttpResponse<TimedBodyStream> send(URI url, Map<String, String> headers, FormBody form) throws InterruptedException {
        breaker.check(url);
        long deadline = System.nanoTime() + totalTimeout.toNanos();
        // The client itself fails the exchange with an HttpTimeoutException when no headers arrive in time,
        // so the wait below needs no timer of its own (a timed wait on a virtual thread costs a hand-off to
        // the scheduler's timer thread per request).
        HttpRequest.Builder b = (form == null ? HttpRequest.newBuilder(url).GET()
                : HttpRequest.newBuilder(url).POST(HttpRequest.BodyPublishers.ofByteArray(form.encoded()))
                .header("Content-Type", form.contentType()))
                .timeout(readTimeout.compareTo(totalTimeout) <= 0 ? readTimeout : totalTimeout)
                .header("User-Agent", userAgent)
                .header("Accept-Encoding", "gzip, deflate");
        if ("http".equalsIgnoreCase(url.getScheme())) {
            // HTTP/2 over plain http means an h2c upgrade attempt on every request, which servers rarely
            // support; HTTP/2 stays available over https, where it is negotiated with ALPN.
            b.version(HttpClient.Version.HTTP_1_1);
        }
        headers.forEach(b::setHeader);
        // send, not sendAsync + get: with an executor of its own the client completes every sendAsync future
        // through the common ForkJoinPool, so a fetch would hang while that pool's workers are busy (it has one
        // on a two-core machine); send waits for the exchange itself and cancels it when interrupted.
        String hostKey = RedirectFollower.hostKey(url);
        long sent = System.nanoTime();
        try {
            HttpResponse<TimedBodyStream> response = client.send(b.build(),
                    TimedBodyStream.handler(readTimeout.toNanos(), deadline));
            breaker.succeeded(url);
            statistics.record(hostKey, response.statusCode(), System.nanoTime() - sent);
            return response;
        } catch (InterruptedException e) {
            breaker.abandoned(url);
            throw e;
        } catch (IOException | RuntimeException e) {
            FetchException failure = translate(url, e);
            breaker.failed(url, failure);
            statistics.record(hostKey, 0, System.nanoTime() - sent);
            throw failure;
        }
    }

    static FetchException translate(URI url, Throwable cause) {
        if (cause instanceof HttpConnectTimeoutException) {
            return FetchException.transientFailure(url, FetchFailure.TIMEOUT, "connect timeout: " + cause.getMessage(), cause);
        }
        if (cause instanceof HttpTimeoutException) {
            return FetchException.transientFailure(url, FetchFailure.TIMEOUT, "no response headers within the read timeout ("
                    + cause.getMessage() + ")", cause);
        }
        if (cause instanceof ConnectException) {
            return FetchException.transientFailure(url, FetchFailure.CONNECTION, "cannot connect: " + describe(cause), cause);
        }
        if (cause instanceof IOException) {
            return FetchException.transientFailure(url, FetchFailure.CONNECTION, "connection failed: " + describe(cause), cause);
        }
        if (cause instanceof IllegalArgumentException) {
            return FetchException.fatal(url, FetchFailure.FORBIDDEN_SCHEME, "URL not accepted: " + cause.getMessage());
        }
        return FetchException.transientFailure(url, FetchFailure.CONNECTION, "exchange failed: " + describe(cause), cause);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}
