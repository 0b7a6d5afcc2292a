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
        SharedHostGate.Grant taken = a.reserve(HOST, 1, Duration.ZERO);
        assertThat(taken.granted()).isTrue();
        SharedHostGate.Grant refused = b.reserve(HOST, 1, Duration.ZERO);
        assertThat(refused.granted()).isFalse();
        assertThat(refused.pause()).isPositive();
        a.release(taken, Duration.ZERO);
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
        a.release(a.reserve(HOST, 1, Duration.ZERO), Duration.ofSeconds(3));
        assertThat(second.sharedHostGate().reserve(HOST, 1, Duration.ZERO).pause())
                .isBetween(Duration.ofSeconds(2), Duration.ofSeconds(3));
    }

    @Test
    void aRetryAfterSeenByOneNodeHoldsForTheOther() {
        SharedHostGate a = first.sharedHostGate();
        a.release(a.reserve(HOST, 1, Duration.ZERO), Duration.ZERO);
        a.defer(HOST, Duration.ofSeconds(30));
        assertThat(second.sharedHostGate().reserve(HOST, 1, Duration.ZERO).pause())
                .isBetween(Duration.ofSeconds(29), Duration.ofSeconds(30));
    }

    @Test
    void aBreakerOpenedByOneNodeIsReportedToTheOtherUntilTheHostAnswers() {
        SharedHostGate a = first.sharedHostGate();
        SharedHostGate b = second.sharedHostGate();
        a.release(a.reserve(HOST, 1, Duration.ZERO), Duration.ZERO);
        a.unreachable(HOST, Duration.ofMinutes(10));
        SharedHostGate.Grant grant = b.reserve(HOST, 1, Duration.ZERO);
        assertThat(grant.unreachableFor()).isBetween(Duration.ofMinutes(9), Duration.ofMinutes(10));
        b.release(grant, Duration.ZERO);
        b.reachable(HOST);
        assertThat(a.reserve(HOST, 1, Duration.ZERO).unreachableFor()).isZero();
    }

    @Test
    void aSlotWhoseNodeStoppedRenewingItFreesTheHostAfterTheHold() throws Exception {
        // node a stands for a node killed or frozen right after its grant: with a 1 s hold and no renewal in time
        SharedHostSchedule a = new SharedHostSchedule(first.db(), Duration.ofSeconds(1), Duration.ofMinutes(1));
        SharedHostGate.Grant stranded = a.reserve(HOST, 1, Duration.ZERO);
        assertThat(a.held(stranded)).isTrue();
        assertThat(second.sharedHostGate().reserve(HOST, 1, Duration.ZERO).granted()).isFalse();
        Thread.sleep(1_200);
        assertThat(a.held(stranded)).as("a slot that may have expired is not sent on").isFalse();
        assertThat(second.sharedHostGate().reserve(HOST, 1, Duration.ZERO).granted()).isTrue();
    }

    @Test
    void aSlotKeptRenewedStaysHeldLongerThanTheHold() throws Exception {
        // a long download: its node renews the slot while it runs, so no other node starts meanwhile
        SharedHostSchedule a = new SharedHostSchedule(first.db(), Duration.ofSeconds(1), Duration.ofMillis(200));
        SharedHostGate.Grant downloading = a.reserve(HOST, 1, Duration.ZERO);
        Thread.sleep(2_500);
        assertThat(a.held(downloading)).isTrue();
        SharedHostGate b = second.sharedHostGate();
        assertThat(b.reserve(HOST, 1, Duration.ZERO).granted()).isFalse();
        a.release(downloading, Duration.ZERO);
        assertThat(b.reserve(HOST, 1, Duration.ZERO).granted()).isTrue();
    }

    @Test
    void aSlotThatExpiredIsNotRevivedByALateRenewal() throws Exception {
        // node a froze past the hold; node b took the host; a wakes and renews: its slot stays lost
        SharedHostSchedule a = new SharedHostSchedule(first.db(), Duration.ofSeconds(1), Duration.ofMinutes(1));
        SharedHostGate.Grant frozen = a.reserve(HOST, 1, Duration.ZERO);
        Thread.sleep(1_200);
        SharedHostGate.Grant taken = second.sharedHostGate().reserve(HOST, 1, Duration.ZERO);
        assertThat(taken.granted()).isTrue();
        a.renewOnce();
        assertThat(a.held(frozen)).isFalse();
        assertThat(a.reserve(HOST, 1, Duration.ZERO).granted()).as("b's slot still counts").isFalse();
    }

    @Test
    void nodesReservingAtOnceNeverHoldMoreThanTheLimit() throws Exception {
        // the function counts the slots after it holds the host's lock, each statement with a snapshot of its own: a
        // count read before the wait (one statement's snapshot) would miss the slot of the reservation ahead of it
        int limit = 3;
        java.util.concurrent.atomic.AtomicInteger holding = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger grants = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 8; t++) {
            SharedHostGate gate = (t % 2 == 0 ? first : second).sharedHostGate();
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 25; i++) {
                    SharedHostGate.Grant g = gate.reserve(HOST, limit, Duration.ZERO);
                    if (!g.granted()) {
                        continue;
                    }
                    grants.incrementAndGet();
                    most.accumulateAndGet(holding.incrementAndGet(), Math::max);
                    try {
                        Thread.sleep(2); // the request
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    holding.decrementAndGet();
                    gate.release(g, Duration.ZERO);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(grants.get()).as("some reservations were granted").isPositive();
        assertThat(most.get()).isBetween(1, limit);
    }
}
