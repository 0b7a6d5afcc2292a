package org.lexsync.bench.server;

import org.lexsync.bench.ScratchDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.CommittedBatch;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/**
 * How soon a journal commit on one node reaches another node on the same PostgreSQL database (docs/benchmarks.md,
 * "Cross-node cache invalidation"): node A harvests one new Atom entry per commit; node B's journal listener (what
 * the server's published-document cache is invalidated by) records when it hears a head at or past that commit. The
 * delay is from A's commit listener (called right after the commit) to B's notification, p50 and max over the
 * commits. Creates and drops a database of its own on the server at {@code --server}.
 */
public final class NotifyLatencyBenchmark {
    private NotifyLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int commits = 100;
        String server = "jdbc:postgresql://127.0.0.1:5432/";
        String user = "postgres";
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--commits" -> commits = Integer.parseInt(v);
                case "--server" -> server = v;
                case "--user" -> user = v;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-notify-bench-");
        try (ScratchDatabase database = ScratchDatabase.create(server, user, "lexsync_bench_")) {
            run(database.jdbcUrl(), user, dir, commits);
        }
    }

    private static void run(String url, String user, Path dir, int commits) throws Exception {
        AtomicLong heardSeq = new AtomicLong(-1);
        AtomicReference<CountDownLatch> waiting = new AtomicReference<>(new CountDownLatch(1));
        AtomicLong target = new AtomicLong(Long.MAX_VALUE);
        AtomicLong heardAt = new AtomicLong();
        AtomicLong committedAt = new AtomicLong();
        AtomicLong committedSeq = new AtomicLong();
        long[] delays = new long[commits];
        long[] bounds = new long[commits];
        try (FixturePublisher origin = FixturePublisher.builder().resources(0).start();
             LexSync a = node(dir.resolve("a"), url, user);
             LexSync b = node(dir.resolve("b"), url, user)) {
            AtomSource atom = AtomSource.register(origin, "/atom", 50, 200);
            atom.publishNew(1);
            a.register(Source.builder("sfs", AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
            a.harvest("sfs");
            a.operations().addListener(new CommitListener() {
                @Override
                public void committed(CommittedBatch batch) {
                    if (batch.lastSeq() > 0) {
                        committedAt.set(System.nanoTime());
                        committedSeq.set(batch.lastSeq());
                    }
                }
            });
            b.operations().onJournalChanges(seq -> {
                long now = System.nanoTime();
                heardSeq.accumulateAndGet(seq, Math::max);
                if (seq >= target.get()) {
                    heardAt.compareAndSet(0, now);
                    waiting.get().countDown();
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!b.operations().journalNotificationsLive() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            for (int i = 0; i < commits; i++) {
                long expected = a.store().lastSeq() + 1;
                heardAt.set(0);
                waiting.set(new CountDownLatch(1));
                target.set(expected);
                atom.publishNew(1);
                long started = System.nanoTime();
                a.harvest("sfs");
                if (!waiting.get().await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("node B did not hear seq " + expected + " within 10 s");
                }
                if (committedSeq.get() < expected) {
                    throw new IllegalStateException("node A committed " + committedSeq.get() + ", not " + expected);
                }
                delays[i] = heardAt.get() - committedAt.get();
                bounds[i] = heardAt.get() - started;
            }
        }
        long early = Arrays.stream(delays).filter(d -> d < 0).count();
        print("from A's commit listener", delays);
        System.out.printf(Locale.ROOT, "  (%d of %d heard before A's commit listener ran: counted as negative)%n",
                early, commits);
        print("from the start of A's harvest (fetch, apply and commit included: an upper bound)", bounds);
    }

    private static void print(String what, long[] delays) {
        long[] sorted = delays.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        System.out.printf(Locale.ROOT, "%d commits on node A heard by node B, %s: p50 %.2f ms, p90 %.2f ms,"
                + " max %.2f ms%n", n, what, ms(sorted[n / 2]), ms(sorted[n * 9 / 10]), ms(sorted[n - 1]));
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static LexSync node(Path dataDir, String url, String user) {
        return LexSync.builder(dataDir).politeness(new Politeness(4, Duration.ZERO)).jdbcUrl(url, user, null).build();
    }
}
