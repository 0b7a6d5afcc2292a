package org.lexsync.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;
import org.lexsync.server.LexSyncServer;

/**
 * {@code /metrics} after a 10,000-change ResourceSync run and a source that cannot be read, both against the
 * fixture publisher on loopback (docs/architecture.md, "Dashboard and metrics"): the names the issue asks for are
 * there, in Prometheus text format, and no label carries a URL or a resource id.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MetricsFeatureTest {
    private static final int RESOURCES = 10_000;
    private static final Set<String> LABEL_KEYS = Set.of("source", "kind", "status", "status_class", "state", "le",
            "area", "id", "name", "level", "cause", "action", "gc", "memory.pool", "quantile", "node");

    @TempDir
    static Path dir;
    private FixturePublisher pub;
    private LexSync lexsync;
    private LexSyncServer server;
    private PrometheusText metrics;
    private String text;

    @BeforeAll
    void harvestAndScrape() throws Exception {
        pub = FixturePublisher.builder().resources(RESOURCES).seed(15).bodyBytes(64).start();
        ResourceSyncSource.install(pub);
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(8, Duration.ZERO)).tries(1).build();
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0))
                .feature(MetricsFeature::new).build().start();
        lexsync.register(Source.builder("rs", ResourceSyncOptions.builder()
                .baseline(ResourceSyncOptions.Baseline.LIST).build()).url(pub.baseUri()).build());
        lexsync.register(Source.builder("dead", AtomOptions.DEFAULT).url(deadUrl()).build());
        lexsync.harvest("rs");
        catchThrowable(() -> lexsync.harvest("dead"));

        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.uri().resolve("/metrics"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        text = r.body();
        metrics = PrometheusText.parse(text);
    }

    @AfterAll
    void stop() {
        server.close();
        lexsync.close();
        pub.close();
    }

    private static URI deadUrl() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + s.getLocalPort() + "/feed.atom");
        }
    }

    @Test
    void countsTheChangesOfTheRunBySourceAndKind() {
        assertThat(metrics.value("lexsync_harvest_changes_total", Map.of("source", "rs", "kind", "created")))
                .isEqualTo(RESOURCES);
    }

    @Test
    void countsRunsBySourceAndStatus() {
        assertThat(metrics.named("lexsync_harvest_runs_total")).extracting(s -> s.labels().get("source") + "/"
                + s.labels().get("status")).contains("rs/succeeded", "dead/aborted");
    }

    @Test
    void givesTheLastSuccessOnlyForTheSourceThatHadOne() {
        assertThat(metrics.named("lexsync_source_last_success_timestamp_seconds"))
                .extracting(s -> s.labels().get("source")).containsExactly("rs");
        double seconds = metrics.value("lexsync_source_last_success_timestamp_seconds", Map.of("source", "rs"));
        assertThat(seconds).isGreaterThan(1.7e9);
    }

    @Test
    void countsFetchRequestsByStatusClassWithALatencyHistogram() {
        assertThat(metrics.value("lexsync_fetch_requests_total", Map.of("status_class", "2xx")))
                .isGreaterThanOrEqualTo(RESOURCES);
        assertThat(metrics.value("lexsync_fetch_requests_total", Map.of("status_class", "none"))).isPositive();
        assertThat(metrics.named("lexsync_fetch_seconds_bucket")).isNotEmpty();
        assertThat(metrics.value("lexsync_fetch_seconds_count", Map.of())).isGreaterThanOrEqualTo(RESOURCES);
    }

    @Test
    void givesItemFailuresPerSourceAndJvmMetrics() {
        assertThat(metrics.named("lexsync_item_failures")).extracting(s -> s.labels().get("source"))
                .contains("rs", "dead");
        assertThat(metrics.named("jvm_memory_used_bytes")).isNotEmpty();
        assertThat(metrics.named("jvm_threads_live_threads")).isNotEmpty();
    }

    @Test
    void noLabelCarriesAUrlOrAResourceId() {
        Set<String> keys = new TreeSet<>();
        for (PrometheusText.Sample s : metrics.samples()) {
            keys.addAll(s.labels().keySet());
            for (String v : s.labels().values()) {
                assertThat(v).as("label value of %s", s.name()).doesNotContain("://").doesNotContain("/res");
            }
        }
        assertThat(LABEL_KEYS).containsAll(keys);
        assertThat(text).doesNotContain("127.0.0.1");
    }

    @Test
    void labelCardinalityStaysBoundedAfterTenThousandChanges() {
        long lexsyncSeries = metrics.samples().stream().filter(s -> s.name().startsWith("lexsync_")).count();
        // two sources, four kinds, five statuses, six status classes and one histogram: a few dozen series, not one
        // per resource
        assertThat(lexsyncSeries).isLessThan(150);
        assertThat(metrics.samples().size()).isLessThan(1_000);
    }
}
