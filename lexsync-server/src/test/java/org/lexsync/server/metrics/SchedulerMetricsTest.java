package org.lexsync.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.Eventually;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * With a scheduler in the server, {@code /metrics} gives its sources per state and each source's next run, and
 * counts the scheduled runs (docs/architecture.md, "Dashboard and metrics").
 */
class SchedulerMetricsTest {
    @TempDir
    Path dir;
    private FixturePublisher pub;
    private LexSync lexsync;
    private LexSyncServer server;

    @AfterEach
    void stop() {
        server.close();
        lexsync.close();
        pub.close();
    }

    @Test
    void givesSourcesPerSchedulerStateAndTheNextRun() throws Exception {
        pub = FixturePublisher.builder().resources(0).start();
        AtomSource atom = AtomSource.register(pub, "/atom", 5, 100).publishNew(3);
        List<Source> sources = List.of(Source.builder("feed", AtomOptions.DEFAULT).url(atom.subscriptionUri())
                .schedule("PT1H").approved(true).build());
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(2, Duration.ZERO)).build();
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        server = LexSyncServer.builder(lexsync).configuration(new Configuration(dir.resolve("lexsync.yaml"), sources,
                settings)).settings(settings).feature(MetricsFeature::new).feature(HarvestScheduler::new).build().start();
        Eventually.until("the first scheduled run of feed ends", Duration.ofSeconds(60),
                () -> lexsync.store().runs("feed", 1).stream().anyMatch(r -> r.ended() != null));
        Eventually.until("the scheduler shows feed idle again", Duration.ofSeconds(30), () -> {
            PrometheusText m = scrape();
            return !m.named("lexsync_scheduler_sources").isEmpty()
                    && m.value("lexsync_scheduler_sources", Map.of("state", "idle")) == 1;
        });
        PrometheusText m = scrape();
        assertThat(m.value("lexsync_source_next_run_timestamp_seconds", Map.of("source", "feed")))
                .isGreaterThan(System.currentTimeMillis() / 1000.0 + 3_000);
        assertThat(m.value("lexsync_harvest_runs_total", Map.of("source", "feed", "status", "succeeded")))
                .isEqualTo(1);
        assertThat(m.value("lexsync_harvest_changes_total", Map.of("source", "feed", "kind", "created")))
                .isEqualTo(3);
    }

    private PrometheusText scrape() {
        try {
            return PrometheusText.parse(HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    server.uri().resolve("/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
