package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.FetchExchange;
import org.lexsync.engine.model.HostStatistics;
import org.lexsync.engine.model.HourlyChanges;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.StoreStatistics;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * What the facade tells a dashboard and metrics (docs/architecture.md, "Dashboard and metrics"): the store's size, the
 * changes collected per hour, the hosts its fetcher asked, and every HTTP exchange — without its URL.
 */
class LexSyncStatisticsTest {
    @TempDir
    Path dir;

    @Test
    void countsTheStoreTheHostsAndEveryExchangeOfAHarvest() {
        check(LexSync.builder(dir.resolve("data")));
    }

    @Test
    void countsTheChangesPerHourOnPostgresqlAsWell() throws Exception {
        try (PostgresDatabase db = PostgresDatabase.create()) {
            check(LexSync.builder(dir.resolve("pg")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null));
        }
    }

    private static void check(LexSync.Builder builder) {
        try (FixturePublisher pub = FixturePublisher.builder().resources(30).seed(3).bodyBytes(100).start();
             LexSync lexsync = builder.politeness(new Politeness(2, Duration.ZERO)).build()) {
            ResourceSyncSource.install(pub);
            List<FetchExchange> exchanges = new CopyOnWriteArrayList<>();
            lexsync.operations().addFetchListener(exchanges::add);
            lexsync.register(Source.builder("rs", ResourceSyncOptions.builder()
                    .baseline(ResourceSyncOptions.Baseline.LIST).build()).url(pub.baseUri()).build());
            lexsync.harvest("rs");

            StoreStatistics store = lexsync.store().storeStatistics();
            assertThat(store.journalRows()).isEqualTo(30);
            assertThat(store.resources()).isEqualTo(30);
            assertThat(store.blobs()).isEqualTo(30);
            assertThat(store.blobBytes()).isGreaterThanOrEqualTo(30 * 50);

            Instant now = Instant.now();
            List<HourlyChanges> hourly = lexsync.store().changesPerHour(now.minus(Duration.ofHours(2)));
            assertThat(hourly).extracting(HourlyChanges::sourceId).containsOnly("rs");
            assertThat(hourly.stream().mapToLong(HourlyChanges::changes).sum()).isEqualTo(30);
            assertThat(hourly).allSatisfy(h -> assertThat(h.hour()).isEqualTo(h.hour().truncatedTo(ChronoUnit.HOURS)));
            assertThat(lexsync.store().changesPerHour(now.plus(Duration.ofHours(1)))).isEmpty();

            HostStatistics host = lexsync.operations().hosts().get(0);
            assertThat(host.host()).isEqualTo("127.0.0.1:" + pub.baseUri().getPort());
            assertThat(host.requests()).isEqualTo(exchanges.size()).isGreaterThan(30);
            assertThat(exchanges).allSatisfy(e -> assertThat(e.host()).isEqualTo(host.host()));
        }
    }
}
