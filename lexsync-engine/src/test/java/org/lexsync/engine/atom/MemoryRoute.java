package org.lexsync.engine.atom;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureRequest;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.FixtureRoute;

/**
 * Serves documents built in the test under {@value #PREFIX}: per path a queue of responses (the last one
 * repeats), so a test can script "500, then 200" or change a page between runs. Paths below
 * {@code docs/} that were not put explicitly answer with {@link #doc(String)}.
 */
final class MemoryRoute implements FixtureRoute {
    static final String PREFIX = "/m";
    private final Map<String, Deque<FixtureResponse>> responses = new ConcurrentHashMap<>();

    static MemoryRoute on(FixturePublisher pub) {
        MemoryRoute r = new MemoryRoute();
        pub.route(PREFIX + "/", r);
        return r;
    }

    /** Serves {@code responses} at {@code path} in turn, the last one from then on. */
    MemoryRoute put(String path, FixtureResponse... responses) {
        Deque<FixtureResponse> q = new ArrayDeque<>();
        for (FixtureResponse r : responses) {
            q.add(r);
        }
        this.responses.put(path, q);
        return this;
    }

    /** Serves an Atom document at {@code path}. */
    MemoryRoute atom(String path, String xml) {
        return put(path, FixtureResponse.ok("application/atom+xml", xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The bytes of the generated file at {@code path} (below docs/). */
    static byte[] doc(String path) {
        return ("LexSync test document " + path + "\n").getBytes(StandardCharsets.UTF_8);
    }

    static String md5(String path) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(doc(path)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public FixtureResponse respond(FixtureRequest request, FixturePublisher publisher) {
        String rest = request.path().substring(PREFIX.length() + 1);
        Deque<FixtureResponse> q = responses.get(rest);
        if (q == null) {
            if (!rest.startsWith("docs/")) {
                return null;
            }
            String type = rest.endsWith(".rdf") ? "application/rdf+xml" : "application/pdf";
            return FixtureResponse.ok(type, doc(java.net.URLDecoder.decode(rest, StandardCharsets.UTF_8)));
        }
        synchronized (q) {
            return q.size() > 1 ? q.poll() : q.peek();
        }
    }
}
