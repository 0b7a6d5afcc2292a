package org.lexsync.engine.publish;

import java.nio.file.Path;
import java.time.Duration;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Politeness;

/** Stores for the publishing tests: loopback publishers, so no delay between requests and no robots.txt. */
final class TestStores {
    private TestStores() {
    }

    static LexSync open(Path data) {
        return LexSync.builder(data).politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true).build();
    }
}
