package org.lexsync.engine.fetch;

import org.lexsync.engine.model.FetchListener;
import org.lexsync.engine.model.HostStatistics;
import org.lexsync.engine.model.Politeness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The polite HTTP fetcher every harvest goes through (docs/architecture.md, "The flow of a change", invariant 1,
 * invariant 4, invariant 5): downloads a URL to a temp file while computing MD5, SHA-256 and any promised digest in one
 * pass, verifies what the source promised, uses conditional GET, follows redirects within bounds, obeys robots.txt and
 * per-host politeness, and retries transient failures with backoff. {@link #fetch(FetchRequest)} blocks and may be
 * called from many virtual threads at once; every expected failure comes back as {@link FetchResult.Failed}. Several
 * harvests share one fetcher through views ({@link #withPoliteness(Politeness)}), each asking for its source's
 * politeness; a host they share gets the strictest of them (docs/architecture.md, "Concurrency").
 */
public final class Fetcher implements AutoCloseable {
    /** Product token in the User-Agent and the name robots.txt groups are matched against. */
    public static final String PRODUCT = "LexSync";

    private static final Logger LOG = LoggerFactory.getLogger(Fetcher.class);

    private final HopClient client;
    private final RedirectFollower follower;
    private final RetryPolicy retry;
    private final String userAgent;
    private final Map<String, Politeness> overrides;
    private final HostBreaker breaker;
    private final HostPoliteness hosts;
    private final FetchStatistics statistics;
    private final RobotsCache robots;
    private final java.util.function.Function<URI, Politeness> politeness;
    /** The fetcher this is a view of, or null for a fetcher of its own. */
    private final Fetcher shared;
    /** A view's claim on the hosts it uses (null for a fetcher of its own). */
    private final HostPoliteness.User user;
    private volatile boolean closed;

    private Fetcher(Builder b) {
        this.userAgent = b.userAgent();
        this.retry = new RetryPolicy(b.tries, b.backoffBase, b.maxBackoff, b.maxRetryAfter);
        this.breaker = new HostBreaker(b.unreachableAfter, b.unreachablePause, b.sharedGate);
        this.statistics = new FetchStatistics();
        this.client = new HopClient(userAgent, b.connectTimeout, b.readTimeout, b.totalTimeout, breaker,
                statistics);
        this.hosts = new HostPoliteness(b.globalConcurrency, b.sharedGate, breaker::openedElsewhere);
        this.overrides = new ConcurrentHashMap<>(b.overrides);
        this.shared = null;
        this.user = null;
        Politeness defaults = b.politeness;
        this.politeness = url -> {
            Politeness p = override(url);
            return p == null ? defaults : p;
        };
        DigestingBodyHandler bodies = new DigestingBodyHandler(b.tempDirectory, b.maxBodyBytes);
        RedirectFollower[] self = new RedirectFollower[1];
        RobotsCache robots = b.ignoreRobots ? null : new RobotsCache(PRODUCT,
                url -> self[0].loadRobots(url), b.robotsTtl, b.robotsErrorTtl);
        this.robots = robots;
        this.follower = new RedirectFollower(client, hosts, robots, politeness, bodies, b.maxRedirects,
                b.blockPrivateAddresses, b.maxCrawlDelay, breaker);
        self[0] = follower;
    }

    /** A view of {@code shared} asking for {@code politeness} on every host. */
    private Fetcher(Fetcher shared, Politeness politeness) {
        this.shared = shared;
        this.client = shared.client;
        this.follower = shared.follower;
        this.retry = shared.retry;
        this.userAgent = shared.userAgent;
        this.overrides = shared.overrides;
        this.breaker = shared.breaker;
        this.hosts = shared.hosts;
        this.statistics = shared.statistics;
        this.robots = shared.robots;
        this.user = hosts.user(politeness);
        this.politeness = url -> {
            Politeness p = shared.override(url);
            return p == null ? politeness : politeness.strictest(p);
        };
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A view of this fetcher for one user (one source's harvest) asking for {@code politeness} on every host it
     * reaches — entry documents and resources alike, whatever the fetcher's default — and at least a host's own
     * override where one is set. It shares connections, robots.txt, circuit breakers and each host's gate with
     * this fetcher and its other views: while the view is open, every host it used applies the strictest
     * politeness of all the open views that used it, so two harvests on one host never make it busier than the
     * stricter of them allows. Closing the view ends its claim on the hosts; it never closes this fetcher.
     */
    public Fetcher withPoliteness(Politeness politeness) {
        Objects.requireNonNull(politeness, "politeness");
        return new Fetcher(shared == null ? this : shared, politeness);
    }

    /** The override for {@code url}'s host ({@code host:port}, then {@code host}), or null. */
    private Politeness override(URI url) {
        Politeness p = overrides.get(RedirectFollower.hostKey(url));
        if (p == null && url.getHost() != null) {
            p = overrides.get(url.getHost().toLowerCase(Locale.ROOT));
        }
        return p;
    }

    /**
     * Sets the politeness for one host ({@code host} or {@code host:port}) from now on, e.g. when a source
     * with its own settings is added while the fetcher runs.
     */
    public void politeness(String host, Politeness politeness) {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        overrides.put(host.trim().toLowerCase(Locale.ROOT), Objects.requireNonNull(politeness, "politeness"));
    }

    /**
     * Every host whose circuit breaker opened while this fetcher ran (issue 13.5), so that a harvest can report
     * one finding per dead host instead of one per URL it did not try.
     */
    public java.util.List<UnreachableHost> unreachableHosts() {
        return breaker.unreachable();
    }

    /**
     * Per host, what this fetcher (with all its views) asked and got since it started, with the politeness and
     * robots.txt state in force (docs/architecture.md, "Dashboard and metrics").
     */
    public java.util.List<HostStatistics> hostStatistics() {
        return statistics.snapshot(hosts, robots, breaker.unreachable());
    }

    /** Tells {@code listener} about every HTTP exchange of this fetcher and its views from now on. */
    public void addListener(FetchListener listener) {
        statistics.addListener(Objects.requireNonNull(listener, "listener"));
    }

    /** The User-Agent header sent with every request. */
    public String userAgent() {
        return userAgent;
    }

    /**
     * Fetches one URL, retrying transient failures. Blocks until done. A {@link FetchResult.Fetched} body is
     * a temp file the caller owns; bytes that fail verification are deleted and never returned.
     */
    public FetchResult fetch(FetchRequest request) {
        Objects.requireNonNull(request, "request");
        if (closed || (shared != null && shared.closed)) {
            throw new IllegalStateException("fetcher is closed");
        }
        FetchException previous = null;
        for (int attempt = 1; ; attempt++) {
            try {
                FetchResult result = follower.follow(request, politeness, user);
                return result instanceof FetchResult.Fetched f && attempt > 1 ? withTries(f, attempt) : result;
            } catch (FetchException e) {
                if (e.reason() == FetchFailure.HOST_UNREACHABLE) {
                    // refused by the host's open breaker without a network attempt; when this fetch's own
                    // failures opened it, they are the better answer
                    FetchException shown = previous == null ? e : previous;
                    return new FetchResult.Failed(request.url(), shown.reason(), shown.getMessage(), shown.status(),
                            attempt - 1, shown.retryAfter());
                }
                boolean tooLong = e.retryAfter() != null && e.retryAfter().compareTo(retry.maxRetryAfter()) > 0;
                if (!e.retryable() || attempt >= retry.tries() || tooLong) {
                    return new FetchResult.Failed(request.url(), e.reason(), e.getMessage(), e.status(), attempt,
                            e.retryAfter());
                }
                previous = e;
                Duration wait = retry.delayBefore(attempt + 1, e.retryAfter());
                LOG.debug("try {} of {} failed ({}), retrying in {} ms: {}", attempt, request.url(), e.reason(),
                        wait.toMillis(), e.getMessage());
                try {
                    Thread.sleep(wait);
                } catch (InterruptedException ie) {
                    return interrupted(request, attempt);
                }
            } catch (InterruptedException e) {
                return interrupted(request, attempt);
            }
        }
    }

    private static FetchResult.Failed interrupted(FetchRequest request, int attempt) {
        Thread.currentThread().interrupt();
        return new FetchResult.Failed(request.url(), FetchFailure.INTERRUPTED, "interrupted", 0, attempt, null);
    }

    private static FetchResult.Fetched withTries(FetchResult.Fetched f, int tries) {
        return new FetchResult.Fetched(f.requested(), f.finalUrl(), f.status(), f.body(), f.length(), f.md5Hex(),
                f.sha256Hex(), f.contentType(), f.etag(), f.lastModified(), f.headers(), tries, f.inline());
    }

    /** Closes this fetcher; a view only gives up its claim on the hosts it used, the shared fetcher stays open. */
    @Override
    public void close() {
        closed = true;
        if (shared == null) {
            hosts.close();
            client.close();
        } else {
            user.close();
        }
    }

    /** Options of a {@link Fetcher}; every value is checked when set. */
    public static final class Builder {
        private String version = defaultVersion();
        private String contact;
        private String userAgentOverride;
        private Politeness politeness = Politeness.DEFAULT;
        private final Map<String, Politeness> overrides = new HashMap<>();
        private int globalConcurrency = 16;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration readTimeout = Duration.ofSeconds(30);
        private Duration totalTimeout = Duration.ofMinutes(10);
        private long maxBodyBytes = 1L << 30;
        private int maxRedirects = 10;
        private int tries = 4;
        private Duration backoffBase = Duration.ofSeconds(1);
        private Duration maxBackoff = Duration.ofSeconds(60);
        private Duration maxRetryAfter = Duration.ofMinutes(2);
        private boolean ignoreRobots;
        private Duration robotsTtl = Duration.ofHours(24);
        private Duration robotsErrorTtl = Duration.ofMinutes(1);
        private Duration maxCrawlDelay = Duration.ofSeconds(60);
        private boolean blockPrivateAddresses;
        private Path tempDirectory = Path.of(System.getProperty("java.io.tmpdir"));
        private int unreachableAfter = 5;
        private Duration unreachablePause = Duration.ofMinutes(10);
        private SharedHostGate sharedGate;

        private Builder() {
        }

        /** The LexSync version in the User-Agent (default: the jar's Implementation-Version, else "dev"). */
        public Builder version(String version) {
            this.version = requireText(version, "version");
            return this;
        }

        /**
         * Replaces the whole User-Agent value (default {@code LexSync/VERSION (+CONTACT)}); robots.txt groups
         * are still matched against the product token {@value Fetcher#PRODUCT}.
         */
        public Builder userAgent(String value) {
            this.userAgentOverride = requireText(value, "userAgent");
            return this;
        }

        /** A URL or e-mail address where the publisher can reach the operator; put in the User-Agent. */
        public Builder contact(String contact) {
            this.contact = contact == null || contact.isBlank() ? null : contact.trim();
            return this;
        }

        /** Politeness for every host without an override (default 1 in flight, 1 s apart). */
        public Builder politeness(Politeness politeness) {
            this.politeness = Objects.requireNonNull(politeness, "politeness");
            return this;
        }

        /** Politeness for one host, given as {@code host} or {@code host:port}. */
        public Builder politeness(String host, Politeness politeness) {
            overrides.put(requireText(host, "host").toLowerCase(Locale.ROOT), Objects.requireNonNull(politeness, "politeness"));
            return this;
        }

        /** Requests in flight over all hosts (default 16). */
        public Builder globalConcurrency(int n) {
            this.globalConcurrency = positive(n, "globalConcurrency");
            return this;
        }

        public Builder connectTimeout(Duration d) {
            this.connectTimeout = positive(d, "connectTimeout");
            return this;
        }

        /** Longest wait for the response headers and for each further piece of the body (default 30 s). */
        public Builder readTimeout(Duration d) {
            this.readTimeout = positive(d, "readTimeout");
            return this;
        }

        /** Longest one exchange may take, body included (default 10 min); politeness waits do not count. */
        public Builder totalTimeout(Duration d) {
            this.totalTimeout = positive(d, "totalTimeout");
            return this;
        }

        /** Largest body accepted, on the wire and decoded (default 1 GiB). */
        public Builder maxBodyBytes(long n) {
            if (n < 1) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "maxBodyBytes must be >= 1, was %d", n));
            }
            this.maxBodyBytes = n;
            return this;
        }

        public Builder maxRedirects(int n) {
            if (n < 0) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "maxRedirects must be >= 0, was %d", n));
            }
            this.maxRedirects = n;
            return this;
        }

        /** Attempts per fetch, the first included (default 4). */
        public Builder tries(int n) {
            this.tries = positive(n, "tries");
            return this;
        }

        /** First backoff (default 1 s); doubled per retry, capped by {@link #maxBackoff(Duration)}, jittered. */
        public Builder backoffBase(Duration d) {
            this.backoffBase = nonNegative(d, "backoffBase");
            return this;
        }

        public Builder maxBackoff(Duration d) {
            this.maxBackoff = nonNegative(d, "maxBackoff");
            return this;
        }

        /** A Retry-After longer than this ends the fetch at once, reported in the result (default 2 min). */
        public Builder maxRetryAfter(Duration d) {
            this.maxRetryAfter = nonNegative(d, "maxRetryAfter");
            return this;
        }

        /** Never the default: skips robots.txt entirely (the CLI's --ignore-robots). */
        public Builder ignoreRobots(boolean ignore) {
            this.ignoreRobots = ignore;
            return this;
        }

        public Builder robotsTtl(Duration d) {
            this.robotsTtl = nonNegative(d, "robotsTtl");
            return this;
        }

        /** How long an unreachable robots.txt (5xx, no answer) blocks a host before it is asked again. */
        public Builder robotsErrorTtl(Duration d) {
            this.robotsErrorTtl = nonNegative(d, "robotsErrorTtl");
            return this;
        }

        /** Crawl-delay values above this are honoured only up to it (default 60 s). */
        public Builder maxCrawlDelay(Duration d) {
            this.maxCrawlDelay = nonNegative(d, "maxCrawlDelay");
            return this;
        }

        /** Refuse hosts resolving to loopback/private/internal addresses (off for local CLI use). */
        public Builder blockPrivateAddresses(boolean block) {
            this.blockPrivateAddresses = block;
            return this;
        }

        /** Where bodies are written (default java.io.tmpdir); the blob store renames them from there. */
        public Builder tempDirectory(Path dir) {
            this.tempDirectory = Objects.requireNonNull(dir, "dir");
            return this;
        }

        /**
         * Consecutive connection failures or timeouts (attempts, retries included, before any response) after
         * which a host's circuit breaker opens: its further requests fail at once as
         * {@link FetchFailure#HOST_UNREACHABLE} (default 5). Any response from the host closes it again.
         */
        public Builder unreachableAfter(int failures) {
            this.unreachableAfter = positive(failures, "unreachableAfter");
            return this;
        }

        /** How long an open breaker refuses requests before one is let through to probe the host (default 10 min). */
        public Builder unreachablePause(Duration d) {
            this.unreachablePause = positive(d, "unreachablePause");
            return this;
        }

        String userAgent() {
            if (userAgentOverride != null) {
                return userAgentOverride;
            }
            return PRODUCT + "/" + version + (contact == null ? "" : " (+" + contact + ")");
        }

        /**
         * Keeps each host's politeness in {@code gate} as well, shared with the other nodes of a cluster (issue 32);
         * null (the default) keeps it in this process only.
         */
        public Builder sharedGate(SharedHostGate gate) {
            this.sharedGate = gate;
            return this;
        }

        public Fetcher build() {
            try {
                Files.createDirectories(tempDirectory);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create temp directory " + tempDirectory, e);
            }
            if (!Files.isWritable(tempDirectory)) {
                throw new IllegalArgumentException("temp directory is not writable: " + tempDirectory);
            }
            return new Fetcher(this);
        }

        private static String defaultVersion() {
            String v = Fetcher.class.getPackage().getImplementationVersion();
            return v == null ? "dev" : v;
        }

        private static String requireText(String s, String what) {
            if (s == null || s.isBlank()) {
                throw new IllegalArgumentException(what + " must not be blank");
            }
            return s.trim();
        }

        private static int positive(int n, String what) {
            if (n < 1) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be >= 1, was %d", what, n));
            }
            return n;
        }

        private static Duration positive(Duration d, String what) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be positive, was %s", what, d));
            }
            return d;
        }

        private static Duration nonNegative(Duration d, String what) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must not be negative, was %s", what, d));
            }
            return d;
        }
    }
}
