package org.lexsync.engine.atom;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureRequest;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.FixtureRoute;

/**
 * Serves this package's fixture files (src/test/resources/org/lexsync/engine/atom) under {@code /f/},
 * with per-path replacement bodies for tests that change a document between runs.
 */
final class FileRoute implements FixtureRoute {
    static final String PREFIX = "/f";
    private final Map<String, byte[]> replaced = new ConcurrentHashMap<>();

    static FileRoute on(FixturePublisher pub) {
        FileRoute r = new FileRoute();
        pub.route(PREFIX + "/", r);
        return r;
    }

    /** Serves {@code bytes} at {@code path} (below /f/) from now on. */
    void replace(String path, byte[] bytes) {
        replaced.put(path, bytes);
    }

    @Override
    public FixtureResponse respond(FixtureRequest request, FixturePublisher publisher) throws IOException {
        String rest = request.path().substring(PREFIX.length() + 1);
        String type = rest.endsWith(".atom") ? "application/atom+xml" : rest.endsWith(".rdf") ? "application/rdf+xml"
                : "application/pdf";
        byte[] bytes = replaced.get(rest);
        if (bytes == null) {
            try (InputStream in = FileRoute.class.getResourceAsStream(rest)) {
                if (in == null || rest.contains("..")) {
                    return null;
                }
                bytes = in.readAllBytes();
            }
        }
        return FixtureResponse.ok(type, bytes);
    }
}
