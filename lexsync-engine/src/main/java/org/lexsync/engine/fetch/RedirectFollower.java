package org.lexsync.engine.fetch;

import org.lexsync.engine.model.Politeness;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;

/**
 * One attempt at a URL: follows redirects itself (at most {@code maxRedirects}, a URL seen twice is a loop) so that
 * every hop gets the scheme check, the address guard, robots.txt and the host's politeness; answers 304 as not
 * modified; streams a 2xx body through {@link DigestingBodyHandler} and verifies it against what the source promised
 * (docs/architecture.md, invariant 1). Failures are thrown as {@link FetchException}.
 */
final class RedirectFollower {
    private static final long DRAIN_LIMIT = 64 * 1024;

    private final HopClient client;
    private final HostPoliteness hosts;
    private final RobotsCache robots;
    private final Function<URI, Politeness> politeness;
    private final DigestingBodyHandler bodies;
    private final int maxRedirects;
    private final boolean blockPrivateAddresses;
    private final Duration maxCrawlDelay;
    private final HostBreaker breaker;

    RedirectFollower(HopClient client, HostPoliteness hosts, RobotsCache robots, Function<URI, Politeness> politeness,
                     DigestingBodyHandler bodies, int maxRedirects, boolean blockPrivateAddresses,
                     Duration maxCrawlDelay, HostBreaker breaker) {
        this.client = client;
        this.hosts = hosts;
        this.robots = robots;
        this.politeness = politeness;
        this.bodies = bodies;
        this.maxRedirects = maxRedirects;
        this.blockPrivateAddresses = blockPrivateAddresses;
        this.maxCrawlDelay = maxCrawlDelay;
        this.breaker = breaker;
    }

    /** Fetches {@code request} once (redirects included); the result's {@code tries} is left at 1. */
    FetchResult follow(FetchRequest request) throws InterruptedException {
        return follow(request, politeness, null);
    }

    /**
     * As {@link #follow(FetchRequest)}, asking {@code politenessOf} for each hop's politeness; {@code user}, when
     * given, joins every host reached (before its robots.txt is read) so that the host stays at least as polite
     * as the user asks while the user is open.
     */
    FetchResult follow(FetchRequest request, Function<URI, Politeness> politenessOf, HostPoliteness.User user)
            throws InterruptedException {
        URI current = request.url();
        Set<URI> seen = new HashSet<>();
        seen.add(normalize(current));
        Map<String, String> headers = requestHeaders(request);
        FormBody form = request.form();
        CookieJar cookies = request.cookies();
        for (int redirects = 0; ; redirects++) {
            checkScheme(current);
            // before the address guard's DNS lookup, robots.txt and the politeness wait: a dead host costs nothing
            breaker.peek(current);
            if (blockPrivateAddresses) {
                AddressGuard.check(current);
            }
            if (user != null) {
                hosts.join(hostKey(current), user);
            }
            Duration crawlDelay = Duration.ZERO;
            if (robots != null) {
                RobotsCache.Rules rules = robots.rulesFor(current);
                if (rules.failure() != null) {
                    FetchException f = rules.failure();
                    throw new FetchException(current, f.reason(), rules.unavailable(), 0, f.retryable(), null, f);
                }
                if (!rules.allowed(current)) {
                    throw rules.unavailable() != null
                            ? FetchException.fatal(current, FetchFailure.ROBOTS_UNAVAILABLE, rules.unavailable())
                            : FetchException.fatal(current, FetchFailure.ROBOTS_DISALLOWED,
                                    "robots.txt disallows " + current.getRawPath());
                }
                if (rules.crawlDelayMillis() >= 0) {
                    crawlDelay = min(Duration.ofMillis(rules.crawlDelayMillis()), maxCrawlDelay);
                }
            }
            String hostKey = hostKey(current);
            Politeness p = politenessOf.apply(current);
            if (crawlDelay.compareTo(p.minDelay()) > 0) {
                p = p.withMinDelay(crawlDelay);
            }
            URI hop = current;
            FormBody hopForm = form;
            Hop answer = hosts.exchange(hostKey, p, () -> breaker.peek(hop),
                    () -> exchange(request, hop, hostKey, headers, hopForm, cookies), RedirectFollower::dropUnwanted);
            if (answer instanceof Hop.Done done) {
                return done.result();
            }
            Hop.Redirect redirect = (Hop.Redirect) answer;
            URI next = redirect.location();
            if (redirect.asGet()) {
                form = null; // a form's answer is fetched with a GET (RFC 9110 §15.4.2-4, as browsers do)
            }
            if (redirects + 1 > maxRedirects) {
                throw FetchException.fatal(request.url(), FetchFailure.TOO_MANY_REDIRECTS, String.format(
                        Locale.ROOT, "more than %d redirects, last to %s", maxRedirects, next));
            }
            if (!seen.add(normalize(next))) {
                throw FetchException.fatal(request.url(), FetchFailure.REDIRECT_LOOP, String.format(
                        Locale.ROOT, "redirect loop: %s leads back to %s", current, next));
            }
            current = next;
        }
    }

    /** What one hop came to: where it redirects, or the attempt's result. */
    private sealed interface Hop {
        record Redirect(URI location, boolean asGet) implements Hop {
        }

        record Done(FetchResult result) implements Hop {
        }
    }

    /** One request to {@code current} and its answer, run with the host's slot held (on the host's lane). */
    private Hop exchange(FetchRequest request, URI current, String hostKey, Map<String, String> headers,
                         FormBody form, CookieJar cookies) throws InterruptedException {
        Map<String, String> hopHeaders = headers;
        if (cookies != null) {
            String cookie = cookies.header(current);
            if (cookie != null) {
                hopHeaders = new LinkedHashMap<>(headers);
                hopHeaders.put("Cookie", cookie);
            }
        }
        HopResponse response = client.send(current, hopHeaders, form);
        int status = response.statusCode();
        if (cookies != null) {
            cookies.received(current, response.headers().map());
        }
        if (isRedirect(status) && response.headers().firstValue("Location").isPresent()) {
            discard(response);
            return new Hop.Redirect(resolve(current, response.headers().firstValue("Location").get()),
                    status == 301 || status == 302 || status == 303);
        }
        if (status == 304) {
            discard(response);
            return new Hop.Done(new FetchResult.NotModified(request.url(), current,
                    response.headers().firstValue("ETag").orElse(request.conditional().etag()),
                    response.headers().firstValue("Last-Modified").orElse(request.conditional().lastModified())));
        }
        if (status < 200 || status > 299) {
            discard(response);
            throw statusFailure(current, hostKey, response);
        }
        return new Hop.Done(download(request, current, response));
    }

    /** Deletes the temp file of a fetched body nobody will take (its caller was interrupted). */
    private static void dropUnwanted(Hop unwanted) {
        if (unwanted instanceof Hop.Done(FetchResult.Fetched f) && f.body() != null) {
            TempFiles.deleteQuietly(f.body());
        }
    }

    private FetchResult.Fetched download(FetchRequest request, URI finalUrl, HopResponse response)
            throws InterruptedException {
        Expectation expected = request.expected();
        Set<HashAlgorithm> extra = EnumSet.noneOf(HashAlgorithm.class);
        extra.addAll(expected.hashes().known().keySet());
        var h = response.headers();
        long contentLength = h.firstValueAsLong("Content-Length").orElse(-1L);
        DigestingBodyHandler.Body body = bodies.write(finalUrl, response.body(),
                h.firstValue("Content-Encoding").orElse(null), contentLength, extra, request.inlineLimit());
        try {
            verify(request.url(), expected, body);
        } catch (FetchException e) {
            TempFiles.deleteQuietly(body.file());
            throw e;
        }
        return new FetchResult.Fetched(request.url(), finalUrl, response.statusCode(), body.file(), body.length(),
                body.hex(HashAlgorithm.MD5), body.hex(HashAlgorithm.SHA_256), h.firstValue("Content-Type").orElse(null),
                h.firstValue("ETag").orElse(null), h.firstValue("Last-Modified").orElse(null), h.map(), 1,
                body.inline());
    }

    /**
     * Reads and drops a small body (up to {@link #DRAIN_LIMIT} bytes announced) so that the connection can
     * be reused for the next request (keep-alive); a larger or unannounced body is cut off instead.
     */
    private static void discard(HopResponse response) {
        long length = response.headers().firstValueAsLong("Content-Length").orElse(-1L);
        try (TimedBodyStream body = response.body()) {
            if (length >= 0 && length <= DRAIN_LIMIT) {
                body.skipNBytes(length);
            }
        } catch (IOException e) {
            // The connection is dropped instead of reused; nothing else depends on these bytes.
        }
    }

    /** docs/architecture.md, invariant 1: a promised length or digest of any known algorithm must match the bytes. */
    private static void verify(URI url, Expectation expected, DigestingBodyHandler.Body body) {
        if (expected.length() != null && expected.length() != body.length()) {
            throw FetchException.fatal(url, FetchFailure.LENGTH_MISMATCH, String.format(Locale.ROOT,
                    "source promised %d bytes, got %d", expected.length(), body.length()));
        }
        for (Digest promised : expected.hashes().known().values()) {
            String actual = body.hex(promised.algorithm());
            if (!promised.hex().equals(actual)) {
                throw FetchException.fatal(url, FetchFailure.HASH_MISMATCH, String.format(Locale.ROOT,
                        "source promised %s, bytes have %s:%s", promised, promised.algorithm().token(), actual));
            }
        }
    }

    private FetchException statusFailure(URI url, String hostKey, HopResponse response) {
        int status = response.statusCode();
        Duration retryAfter = RetryPolicy.parseRetryAfter(response.headers().firstValue("Retry-After").orElse(null),
                Instant.now());
        if (retryAfter != null && (status == 429 || status == 503)) {
            hosts.defer(hostKey, retryAfter);
        }
        String message = String.format(Locale.ROOT, "HTTP %d for %s", status, url)
                + (retryAfter == null ? "" : String.format(Locale.ROOT, " (Retry-After %d s)", retryAfter.toSeconds()));
        return new FetchException(url, FetchFailure.HTTP_STATUS, message, status, RetryPolicy.retryableStatus(status),
                retryAfter, null);
    }

    /**
     * Loads robots.txt for {@link RobotsCache}: same politeness and guard, no robots check, at most five
     * redirects (RFC 9309 §2.3.1.2), body read up to {@link RobotsCache#MAX_ROBOTS_BYTES}.
     */
    @SuppressWarnings("try") // the permit is held for its scope only
    RobotsCache.Answer loadRobots(URI robotsUrl) throws InterruptedException {
        URI current = robotsUrl;
        for (int hop = 0; hop <= 5; hop++) {
            try {
                checkScheme(current);
                if (blockPrivateAddresses) {
                    AddressGuard.check(current);
                }
                URI robots = current;
                // a host joined by users (harvests through views) asks for their politeness, not the fetcher's default
                Politeness p = hosts.joined(hostKey(current)) ? HostPoliteness.ANY : politeness.apply(current);
                try (HostPoliteness.Permit permit = hosts.acquire(hostKey(current), p,
                        () -> breaker.peek(robots))) {
                    HopResponse response = client.get(current, Map.of("Accept", "text/plain"));
                    int status = response.statusCode();
                    if (isRedirect(status) && response.headers().firstValue("Location").isPresent()) {
                        response.body().close();
                        current = resolve(current, response.headers().firstValue("Location").get());
                        continue;
                    }
                    if (status < 200 || status > 299) {
                        response.body().close();
                        return new RobotsCache.Answer(status, new byte[0], null, null);
                    }
                    byte[] body = readUpTo(current, response.body(), RobotsCache.MAX_ROBOTS_BYTES,
                            response.headers().firstValue("Content-Encoding").orElse(null));
                    return new RobotsCache.Answer(status, body, response.headers().firstValue("Content-Type").orElse(null), null);
                }
            } catch (FetchException e) {
                return new RobotsCache.Answer(0, new byte[0], null, e);
            }
        }
        // RFC 9309 §2.3.1.2: more redirects than followed means "unavailable" (4xx-like): no restrictions.
        return new RobotsCache.Answer(404, new byte[0], null, null);
    }

    /**
     * Reads robots.txt up to {@code max} decoded bytes. A body that breaks off is no robots.txt at all (its cut
     * rules would read as fewer restrictions): a transient {@link FetchFailure#TRUNCATED} failure, so the host
     * counts as unreachable for now (RFC 9309 §2.3.1.4) and robots.txt is asked for again.
     */
    private static byte[] readUpTo(URI url, TimedBodyStream stream, int max, String encoding) {
        try (stream) {
            InputStream in = DigestingBodyHandler.isIdentity(encoding) ? stream
                    : encoding.trim().equalsIgnoreCase("gzip") ? new java.util.zip.GZIPInputStream(stream)
                    : new java.util.zip.InflaterInputStream(stream);
            return in.readNBytes(max);
        } catch (IOException e) {
            throw FetchException.transientFailure(url, FetchFailure.TRUNCATED,
                    "robots.txt broke off: " + e.getMessage(), e);
        }
    }

    static void checkScheme(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw FetchException.fatal(url, FetchFailure.FORBIDDEN_SCHEME,
                    "only http and https are fetched, not " + (scheme.isEmpty() ? "a relative URL" : scheme));
        }
        if (url.getHost() == null) {
            throw FetchException.fatal(url, FetchFailure.FORBIDDEN_SCHEME, "URL has no host: " + url);
        }
    }

    static String hostKey(URI url) {
        String host = url.getHost().toLowerCase(Locale.ROOT);
        return url.getPort() < 0 ? host : host + ":" + url.getPort();
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    private static URI resolve(URI base, String location) {
        try {
            URI resolved = base.resolve(new URI(location.trim()));
            return resolved.getRawFragment() == null ? resolved : URI.create(withoutFragment(resolved.toString()));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw FetchException.fatal(base, FetchFailure.HTTP_STATUS, "unusable redirect Location: " + location);
        }
    }

    /** Scheme and host in lower case, default port and fragment dropped: the identity for loop detection. */
    private static URI normalize(URI url) {
        if (url.getScheme() == null || url.getHost() == null) {
            return url;
        }
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort();
        boolean defaultPort = port < 0 || scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        return URI.create(scheme + "://" + url.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port)
                + path + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
    }

    private static String withoutFragment(String uri) {
        int hash = uri.indexOf('#');
        return hash < 0 ? uri : uri.substring(0, hash);
    }

    private static Map<String, String> requestHeaders(FetchRequest request) {
        Map<String, String> headers = new LinkedHashMap<>(request.headers());
        if (request.conditional().etag() != null) {
            headers.put("If-None-Match", request.conditional().etag());
        }
        if (request.conditional().lastModified() != null) {
            headers.put("If-Modified-Since", request.conditional().lastModified());
        }
        return headers;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
