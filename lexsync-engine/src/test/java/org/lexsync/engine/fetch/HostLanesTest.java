package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** The per-host lanes that run exchanges ({@link HostLanes}): width, order, failures, interruption and closing. */
class HostLanesTest {

    @Test
    void aOneWideLaneRunsItsExchangesOneAtATimeOnOneThread() throws Exception {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        try (HostLanes lanes = new HostLanes(); ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int n = i;
                results.add(callers.submit(() -> lanes.run("host:80", 1, () -> {
                    mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                    threads.add(Thread.currentThread());
                    Thread.sleep(1);
                    running.decrementAndGet();
                    return n;
                }, x -> { })));
            }
            for (int i = 0; i < 50; i++) {
                assertThat(results.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(i);
            }
        }
        assertThat(mostAtOnce.get()).isEqualTo(1);
        assertThat(threads).hasSize(1);
        assertThat(threads.iterator().next().isVirtual()).isFalse();
    }

    @Test
    void aWiderLaneRunsThatManyExchangesAtOnce() throws Exception {
        CyclicBarrier allThree = new CyclicBarrier(3);
        try (HostLanes lanes = new HostLanes(); ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                results.add(callers.submit(() -> lanes.run("host:80", 3, () -> allThree.await(10, TimeUnit.SECONDS),
                        x -> { })));
            }
            for (Future<Integer> r : results) {
                assertThat(r.get(15, TimeUnit.SECONDS)).isBetween(0, 2);
            }
        }
    }

    @Test
    void aFailedExchangeThrowsItsOwnErrorAtTheCaller() {
        FetchException failure = FetchException.fatal(URI.create("http://host/x"), FetchFailure.HTTP_STATUS, "HTTP 410");
        try (HostLanes lanes = new HostLanes()) {
            assertThatThrownBy(() -> lanes.run("host:80", 1, () -> {
                throw failure;
            }, x -> { })).isSameAs(failure);
        }
    }

    @Test
    void anInterruptedCallerInterruptsItsExchange() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch exchangeInterrupted = new CountDownLatch(1);
        try (HostLanes lanes = new HostLanes()) {
            AtomicInteger callerSaw = new AtomicInteger();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    lanes.run("host:80", 1, () -> {
                        started.countDown();
                        try {
                            Thread.sleep(60_000);
                        } catch (InterruptedException e) {
                            exchangeInterrupted.countDown();
                            throw e;
                        }
                        return 1;
                    }, x -> { });
                } catch (InterruptedException e) {
                    callerSaw.set(1);
                }
            });
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            caller.interrupt();
            caller.join(10_000);
            assertThat(callerSaw.get()).isEqualTo(1);
            assertThat(exchangeInterrupted.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void everyResultIsEitherTakenByItsCallerOrDiscarded() throws Exception {
        AtomicInteger produced = new AtomicInteger();
        AtomicInteger discarded = new AtomicInteger();
        AtomicInteger taken = new AtomicInteger();
        try (HostLanes lanes = new HostLanes()) {
            for (int i = 0; i < 300; i++) {
                Thread caller = Thread.ofVirtual().unstarted(() -> {
                    try {
                        lanes.run("host:80", 1, () -> {
                            produced.incrementAndGet();
                            return 1;
                        }, x -> discarded.incrementAndGet());
                        taken.incrementAndGet();
                    } catch (InterruptedException e) {
                        // given up: its result, if one was made, must have been discarded
                    }
                });
                caller.start();
                if (i % 2 == 0) {
                    caller.interrupt();
                }
                caller.join(10_000);
            }
            lanes.run("host:80", 1, () -> 0, x -> { }); // every earlier exchange of the lane has ended
        }
        assertThat(taken.get() + discarded.get()).isEqualTo(produced.get());
    }

    @Test
    void closingEndsQueuedAndRunningExchangesAsInterruptions() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        HostLanes lanes = new HostLanes();
        AtomicInteger interrupted = new AtomicInteger();
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            callers.add(Thread.ofVirtual().start(() -> {
                try {
                    lanes.run("host:80", 1, () -> {
                        started.countDown();
                        Thread.sleep(60_000);
                        return 1;
                    }, x -> { });
                } catch (InterruptedException e) {
                    interrupted.incrementAndGet();
                }
            }));
        }
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        lanes.close();
        for (Thread t : callers) {
            t.join(10_000);
            assertThat(t.isAlive()).isFalse();
        }
        assertThat(interrupted.get()).isEqualTo(3);
        assertThatThrownBy(() -> lanes.run("host:80", 1, () -> 1, x -> { }))
                .isInstanceOf(InterruptedException.class);
    }
}
