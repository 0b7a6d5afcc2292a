package org.lexsync.engine.publish;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureRequest;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.FixtureRoute;

/** Serves a static export directory (Atom feed, ResourceSync documents, resources, blobs) from the fixture publisher on loopback, as any web server would. */
final class ExportRoute implements FixtureRoute {
    private final Path dir;

    private ExportRoute(Path dir) {
        this.dir = dir;
    }

    /** A fixture publisher on loopback that serves {@code dir} (what the export will write) as a web server would. */
    static FixturePublisher mirror(Path dir) {
        FixturePublisher mirror = FixturePublisher.builder().resources(0).start();
        serve(mirror, dir);
        return mirror;
    }

    /** Serves {@code dir} under {@code /feed/} and {@code /blob/} of {@code pub}. */
    static void serve(FixturePublisher pub, Path dir) {
        ExportRoute r = new ExportRoute(dir);
        pub.route("/feed/", r);
        pub.route("/blob/", r);
        pub.route("/resource/", r);
        pub.route("/resourcesync/", r);
        pub.route("/.well-known/", r);
        pub.route("/eli/", r);
    }

    @Override
    public FixtureResponse respond(FixtureRequest request, FixturePublisher publisher) throws IOException {
        Path file = dir.resolve(request.path().substring(1)).normalize();
        if (!file.startsWith(dir) || !Files.isRegularFile(file)) {
            return FixtureResponse.status(404);
        }
        String name = file.toString();
        String type = name.endsWith(".atom") ? "application/atom+xml" : name.endsWith(".xml")
                || name.endsWith("resourcesync") ? "application/xml" : "application/octet-stream";
        return FixtureResponse.ok(type, Files.readAllBytes(file));
    }
}
