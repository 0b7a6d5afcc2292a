package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.PlannedChange;

/**
 * An apply call's helpers — its read-ahead planner, its committer, its listeners' announcer — run on the shared
 * {@link ApplyThreads}: a node's scheduled checks (one small apply call per source and minute) start no platform
 * thread each.
 */
class ApplyThreadsTest {
    @TempDir
    Path dir;
    LocalApplySetup local;

    @BeforeEach
    void open() {
        local = new LocalApplySetup(dir);
    }

    @AfterEach
    void close() {
        local.close();
    }

    private static PlannedChange local(String uri, String text) {
        return LocalApplySetup.created("feed", uri, text).checkpoint(text).build();
    }

    @Test
    void applyCallsWithReadAheadCommitsAndListenersStartNoPlatformThreadEach() {
        AtomicInteger heard = new AtomicInteger();
        Applier applier = Applier.builder(local.fetcher, local.store).listener(batch -> heard.addAndGet(batch.changes().size()))
                .build();
        applier.apply("feed", List.of(local("http://x.example/warm", "warm")).iterator()); // pools of the store start
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();

        for (int i = 1; i <= 20; i++) {
            ApplyReport report = applier.apply("feed", List.of(local("http://x.example/" + i, "doc " + i)).iterator());
            assertThat(report.counts().created()).isEqualTo(1);
        }

        assertThat(threads.getTotalStartedThreadCount() - before)
                .as("platform threads started by 20 apply calls that planned ahead, committed and told a listener")
                .isLessThan(10);
        assertThat(heard).hasValue(21);
    }

    @Test
    void applyingOnlyTheDueRetriesHandsNothingToAHelperThread() {
        Applier applier = Applier.builder(local.fetcher, local.store).build(); // an Atom harvest has no listener
        applier.apply("feed", List.of(local("http://x.example/warm", "warm")).iterator());
        long run = local.store.runs().start("feed");
        long before = ApplyThreads.tasksHandedOver();

        for (int i = 0; i < 20; i++) {
            assertThat(applier.applyRetries("feed", run, null, GiveUpRule.DEFAULT).complete()).isTrue();
        }

        assertThat(ApplyThreads.tasksHandedOver() - before)
                .as("helper tasks of 20 apply calls that found nothing due (an unchanged feed's check)").isZero();
    }
}
