package org.lexsync.engine.fetch;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import org.lexsync.core.uri.Origins;

/**
 * robots.txt per origin (scheme, host, port), parsed by crawler-commons for our product token and kept
 * for a TTL (RFC 9309 §2.4: at most 24 hours by default). Per RFC 9309 §2.3.1: a 2xx body is parsed (only
 * its first 500 KiB, §2.5); 4xx means no restrictions; 5xx or no answer means complete disallow,
 * remembered only for the shorter error TTL. One load per origin at a time; other callers wait for it.
 */
final class RobotsCache {
    static final int MAX_ROBOTS_BYTES = 500 * 1024;

    /** Fetches a robots.txt URL (following redirects); returns status 0 when no answer came. */
    @FunctionalInterface
    interface Loader {
        Answer load(URI robotsUrl) throws InterruptedException;
    }

    /** What came back for robots.txt: status (0 if none), body bytes (possibly empty), content type, or the failure. */
    record Answer(int status, byte[] body, String contentType, FetchException failure) { }

    /**
     * The rules for an origin; when robots.txt is unavailable, why ({@code unavailable}) and, when no answer
     * came at all, the transport failure (then the rules are not cached, the next attempt asks again).
     */
    record Rules(BaseRobotRules rules, String unavailable, FetchException failure, long expiresNanos) {
        boolean allowed(URI url) {
            return unavailable == null && rules.isAllowed(url.toString());
        }

        /** Crawl-delay in milliseconds, or -1 when none was given. */
        long crawlDelayMillis() {
            long d = rules.getCrawlDelay();
            return d == BaseRobotRules.UNSET_CRAWL_DELAY || d < 0 ? -1 : d;
        }
    }

    private final ConcurrentHashMap<String, Slot> slots = new ConcurrentHashMap<>();
    private final String agentToken;
    private final Loader loader;
    private final Duration ttl;
    private final Duration errorTtl;

    RobotsCache(String agentToken, Loader loader, Duration ttl, Duration errorTtl) {
        this.agentToken = agentToken.toLowerCase(Locale.ROOT);
        this.loader = loader;
        this.ttl = ttl;
        this.errorTtl = errorTtl;
    }

    static String originKey(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        return scheme + "://" + url.getHost().toLowerCase(Locale.ROOT) + ":" + Origins.port(url);
    }

    Rules rulesFor(URI url) throws InterruptedException {
        String key = originKey(url);
        Slot slot = slots.computeIfAbsent(key, k -> new Slot());
        return slot.get(URI.create(key + "/robots.txt"));
    }

    /**
     * The robots.txt state of a host ({@code host} or {@code host:port}) in words, for the host statistics: not read
     * yet, rules in force (with a Crawl-delay), or why it counts as unavailable. Never waits for a load.
     */
    String state(String hostKey) {
        List<String> states = new java.util.ArrayList<>();
        slots.forEach((origin, slot) -> {
            String rest = origin.substring(origin.indexOf("://") + 3);
            String host = rest.substring(0, rest.lastIndexOf(':'));
            if (rest.equals(hostKey) || host.equals(hostKey)) {
                Rules r = slot.rules;
                states.add(r == null ? "not read yet" : r.unavailable() != null ? r.unavailable()
                        : r.crawlDelayMillis() >= 0 ? "rules in force, Crawl-delay " + r.crawlDelayMillis() + " ms"
                        : "rules in force");
            }
        });
        return states.isEmpty() ? "not read yet" : String.join("; ", states);
    }

    private Rules load(URI robotsUrl) throws InterruptedException {
        Answer a = loader.load(robotsUrl);
        long now = System.nanoTime();
        if (a.status() >= 200 && a.status() < 300) {
            byte[] body = a.body().length > MAX_ROBOTS_BYTES
                    ? java.util.Arrays.copyOf(a.body(), MAX_ROBOTS_BYTES) : a.body();
            SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
            SimpleRobotRules rules = parser.parseContent(robotsUrl.toString(), body,
                    a.contentType() == null ? "text/plain" : a.contentType(), List.of(agentToken));
            return new Rules(rules, null, null, now + ttl.toNanos());
        }
        if (a.status() >= 400 && a.status() < 500) {
            return new Rules(new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_ALL), null, null, now + ttl.toNanos());
        }
        SimpleRobotRules none = new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_NONE);
        if (a.status() == 0) {
            String why = String.format(Locale.ROOT, "robots.txt unreachable, RFC 9309 §2.3.1.4 complete disallow: %s",
                    a.failure() == null ? "no answer" : a.failure().getMessage());
            return new Rules(none, why, a.failure(), now);
        }
        String why = String.format(Locale.ROOT, "robots.txt answered %d, RFC 9309 §2.3.1.4 complete disallow", a.status());
        return new Rules(none, why, null, now + errorTtl.toNanos());
    }

    /** One origin's cached rules, loaded by the first caller that finds them missing or expired. */
    private final class Slot {
        // A lock, not a monitor: the load blocks on I/O and must not pin a virtual thread's carrier (JDK 21).
        private final ReentrantLock lock = new ReentrantLock();
        private volatile Rules rules;

        Rules get(URI robotsUrl) throws InterruptedException {
            lock.lockInterruptibly();
            try {
                if (rules == null || System.nanoTime() - rules.expiresNanos() >= 0) {
                    rules = load(robotsUrl);
                }
                return rules;
            } finally {
                lock.unlock();
            }
        }
    }
}
