package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.SharedHostGate;

/**
 * The cluster's politeness gate (issue 32): two stores on one PostgreSQL database stand for two nodes, each asking the
 * gate of its own store object; what one takes, the other sees.
 */
class PostgresSharedHostScheduleTest {
    private static final String HOST = "publisher.example:80";
    @TempDir
    Path temp;
    private PostgresDatabase database;
    private Store first;
    private Store second;

    @BeforeEach
    void open() {
        database = PostgresDatabase.create();
        first = Store.open(config("a"));
        second = Store.open(config("b"));
    }

    @AfterEach
    void close() throws Exception {
        first.close();
        second.close();
        database.close();
    }

    private StoreConfig config(String dir) {
        return StoreConfig.of(temp.resolve(dir)).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null);
    }

    @Test
    void sqliteStoresHaveNoSharedGate() {
        try (Store sqlite = Store.open(StoreConfig.of(temp.resolve("sqlite")))) {
            assertThat(sqlite.sharedHostGate()).isNull();
        }
    }

    @Test
    void aHostBusyOnOneNodeIsRefusedOnTheOtherUntilReleased() {
        SharedHostGate a = first.sharedHostGate();
        SharedHostGate b = second.sharedHostGate();
        assertThat(a.reserve(HOST, 1, Duration.ZERO).granted()).isTrue();
        SharedHostGate.Grant refused = b.reserve(HOST, 1, Duration.ZERO);
        assertThat(refused.granted()).isFalse();
        assertThat(refused.pause()).isPositive();
        a.release(HOST, Duration.ZERO);
        assertThat(b.reserve(HOST, 1, Duration.ZERO).granted()).isTrue();
    }

    @Test
    void theNextStartOnAnyNodeIsAtLeastTheDelayAfterThePrevious() {
        SharedHostGate a = first.sharedHostGate();
        SharedHostGate b = second.sharedHostGate();
        assertThat(a.reserve(HOST, 2, Duration.ofSeconds(5)).pause()).isLessThan(Duration.ofSeconds(1));
        SharedHostGate.Grant next = b.reserve(HOST, 2, Duration.ofSeconds(5));
        assertThat(next.granted()).isTrue();
        assertThat(next.pause()).isBetween(Duration.ofSeconds(4), Duration.ofSeconds(5));
    }

    @Test
    void aReleaseStartsTheDelayAgainFromTheEnd() {
        SharedHostGate a = first.sharedHostGate();
        a.reserve(HOST, 1, Duration.ZERO);
        a.release(HOST, Duration.ofSeconds(3));
        assertThat(second.sharedHostGate().reserve(HOST, 1, Duration.ZERO).pause())
                .isBetween(Duration.ofSeconds(2), Duration.ofSeconds(3));
    }

    @Test
    void aRetryAfterSeenByOneNodeHoldsForTheOther() {
        SharedHostGate a = first.sharedHostGate();
        a.reserve(HOST, 1, Duration.ZERO);
        a.release(HOST, Duration.ZERO);
        a.defer(HOST, Duration.ofSeconds(30));
        assertThat(second.sharedHostGate().reserve(HOST, 1, Duration.ZERO).pause())
                .isBetween(Duration.ofSeconds(29), Duration.ofSeconds(30));
    }

    @Test
    void aBreakerOpenedByOneNodeIsReportedToTheOtherUntilTheHostAnswers() {
        SharedHostGate a = first.sharedHostGate();
        SharedHostGate b = second.sharedHostGate();
        a.reserve(HOST, 1, Duration.ZERO);
        a.release(HOST, Duration.ZERO);
        a.unreachable(HOST, Duration.ofMinutes(10));
        SharedHostGate.Grant grant = b.reserve(HOST, 1, Duration.ZERO);
        assertThat(grant.unreachableFor()).isBetween(Duration.ofMinutes(9), Duration.ofMinutes(10));
        b.release(HOST, Duration.ZERO);
        b.reachable(HOST);
        assertThat(a.reserve(HOST, 1, Duration.ZERO).unreachableFor()).isZero();
    }
}
