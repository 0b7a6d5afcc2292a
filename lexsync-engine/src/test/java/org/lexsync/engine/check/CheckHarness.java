package org.lexsync.engine.check;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.Politeness;
import org.lexsync.fixture.FixturePublisher;

/** A fixture publisher on loopback and a real fetcher without delay, for checks in tests. */
final class CheckHarness implements AutoCloseable {
    final FixturePublisher pub;
    final StaticRoute files;
    private final Fetcher fetcher;

    CheckHarness(Path temp) {
        pub = FixturePublisher.builder().resources(0).start();
        files = StaticRoute.on(pub);
        fetcher = Fetcher.builder().politeness(new Politeness(1, Duration.ZERO)).tempDirectory(temp).tries(1)
                .build();
    }

    CheckReport check(CheckRequest request) {
        return Checker.check(request.withDelay(Duration.ZERO), fetcher);
    }

    CheckReport check(CheckRequest request, Clock clock) {
        return Checker.check(request.withDelay(Duration.ZERO), fetcher, clock);
    }

    String url(String path) {
        return pub.uri(path).toString();
    }

    @Override
    public void close() {
        fetcher.close();
        pub.close();
    }
}
