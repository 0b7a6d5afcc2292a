package org.lexsync.engine.check;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureRequest;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.FixtureRoute;

/** Serves documents a test writes (mutated fixtures) under {@value #PREFIX} on the fixture publisher. */
final class StaticRoute implements FixtureRoute {
    static final String PREFIX = "/s";
    private final Map<String, FixtureResponse> responses = new ConcurrentHashMap<>();

    static StaticRoute on(FixturePublisher pub) {
        StaticRoute r = new StaticRoute();
        pub.route(PREFIX + "/", r);
        return r;
    }

    StaticRoute put(String path, String contentType, String body) {
        responses.put(path, FixtureResponse.ok(contentType, body.getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    StaticRoute put(String path, FixtureResponse response) {
        responses.put(path, response);
        return this;
    }

    @Override
    public FixtureResponse respond(FixtureRequest request, FixturePublisher publisher) {
        return responses.get(request.path().substring(PREFIX.length() + 1));
    }
}
