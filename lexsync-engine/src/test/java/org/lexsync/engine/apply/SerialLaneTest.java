package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link SerialLane}: an apply call's commits or announcements, one at a time in order, on a shared thread. */
class SerialLaneTest {

    @Test
    void tasksRunOneAtATimeInTheOrderHandedOverAndATaskThatThrowsDoesNotStopTheOnesBehindIt()
            throws InterruptedException {
        SerialLane lane = new SerialLane("lexsync-test-lane");
        List<Integer> ran = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 200; i++) {
            int n = i;
            lane.execute(() -> {
                ran.add(n);
                if (n == 50) {
                    throw new IllegalStateException("task 50 breaks");
                }
            });
        }
        lane.shutdown();

        assertThat(lane.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).hasSize(200).isSorted();
    }

    @Test
    void aTaskThatLeavesItsThreadInterruptedDoesNotInterruptTheNextOne() throws Exception {
        SerialLane lane = new SerialLane("lexsync-test-lane");
        CountDownLatch release = new CountDownLatch(1);
        lane.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Thread.currentThread().interrupt();
        });
        Future<Boolean> second = lane.submit(() -> Thread.currentThread().isInterrupted());
        release.countDown();

        assertThat(second.get(10, TimeUnit.SECONDS)).as("the second task saw an interrupt").isFalse();
    }
}
