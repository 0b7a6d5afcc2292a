package org.lexsync.engine.fetch;

import org.lexsync.engine.model.Politeness;
import java.nio.file.Path;
import java.time.Duration;

/** Fetcher settings for tests against the loopback fixture: no politeness delay, fast backoff, short timeouts. */
final class TestFetchers {

    private TestFetchers() {
    }

    static Fetcher.Builder fast(Path tempDirectory) {
        return Fetcher.builder()
                .version("test")
                .contact("mailto:ops@example.org")
                .politeness(new Politeness(1, Duration.ZERO))
                .backoffBase(Duration.ofMillis(10))
                .maxBackoff(Duration.ofMillis(40))
                .connectTimeout(Duration.ofSeconds(2))
                .readTimeout(Duration.ofSeconds(3))
                .totalTimeout(Duration.ofSeconds(10))
                .tempDirectory(tempDirectory);
    }

    static long filesIn(Path dir) throws java.io.IOException {
        try (var s = java.nio.file.Files.list(dir)) {
            return s.count();
        }
    }
}
