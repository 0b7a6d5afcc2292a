package org.lexsync.bench.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.io.TempFiles;
import org.lexsync.bench.HeapPeaks;
import org.lexsync.bench.fixture.FixtureProcess;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * Issue 3's end-to-end benchmark: applies N created resources of B bytes served by the fixture publisher
 * on loopback (politeness off, every digest promised and verified) into a fresh store, SQLite by default
 * or PostgreSQL when a JDBC URL is given, and prints resources/s, peak heap and peak RSS. Like JMH, it first
 * runs warm-up rounds, then measured rounds (each into its own fresh store), and reports the median of the
 * measured ones: the steady state of a long-running sync rather than the JIT compiling the HTTP stack
 * (about eight rounds of 10,000 requests on the 2-core machine; the first round is printed too).
 *
 * <pre>java -Xmx256m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.apply.ApplyBenchmark \
 *     [--resources 10000] [--bytes 1024] [--jdbc-url jdbc:postgresql://127.0.0.1:5432/DB] [--per-host 32] [--warmups 8] [--measure 3] [--publisher process|in-process]</pre>
 *
 * <p>The publisher runs as a separate JVM by default ({@link FixtureProcess}), as a real publisher would be
 * another machine; {@code in-process} puts it in the benchmark's JVM, sharing its heap, GC and JIT.
 */
public final class ApplyBenchmark {
    private ApplyBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int resources = 10_000;
        int bytes = 1024;
        int perHost = 32;
        int warmups = 8;
        int measured = 3;
        boolean inProcess = false;
        String jdbcUrl = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--resources" -> resources = Integer.parseInt(args[i + 1]);
                case "--bytes" -> bytes = Integer.parseInt(args[i + 1]);
                case "--per-host" -> perHost = Integer.parseInt(args[i + 1]);
                case "--jdbc-url" -> jdbcUrl = args[i + 1];
                case "--warmups" -> warmups = Integer.parseInt(args[i + 1]);
                case "--measure" -> measured = Integer.parseInt(args[i + 1]);
                case "--publisher" -> inProcess = switch (args[i + 1]) {
                    case "in-process" -> true;
                    case "process" -> false;
                    default -> throw new IllegalArgumentException("--publisher takes in-process or process");
                };
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (inProcess) {
            try (FixturePublisher pub = FixturePublisher.builder().resources(resources).bodyBytes(bytes).seed(1).start()) {
                rounds(pub.resources(), jdbcUrl, perHost, warmups, measured, "in-process");
            }
        } else {
            try (FixtureProcess pub = FixtureProcess.start(resources, bytes, 1)) {
                rounds(pub.resources(), jdbcUrl, perHost, warmups, measured, "process");
            }
        }
    }

    private static void rounds(List<FixtureResource> all, String jdbcUrl, int perHost, int warmups, int measured,
                               String publisher) throws IOException {
        List<Double> rates = new java.util.ArrayList<>();
        for (int round = 1; round <= warmups + measured; round++) {
            Result result = applyOnce(all, jdbcUrl, perHost, round);
            System.out.println((round <= warmups ? "warm-up  " : "measured ") + "publisher=" + publisher + " "
                    + result.line());
            if (round > warmups) {
                rates.add(result.perSecond());
            }
        }
        List<Double> sorted = rates.stream().sorted().toList();
        System.out.printf(Locale.ROOT, "median of %d measured rounds after %d warm-up rounds: %.0f resources/s%n",
                measured, warmups, sorted.get(sorted.size() / 2));
    }

    private record Result(String line, double perSecond) {
    }

    /** Applies every resource into a fresh store (a fresh SQLite file or a freshly emptied PostgreSQL schema). */
    private static Result applyOnce(List<FixtureResource> all, String jdbcUrl, int perHost, int round)
            throws IOException {
        Path dir = Files.createTempDirectory("lexsync-apply-bench");
        StoreConfig config = StoreConfig.of(dir);
        if (jdbcUrl != null) {
            config = config.withJdbcUrl(jdbcUrl, "postgres", null);
        }
        String source = "bench-" + round;
        try (Store store = Store.open(config);
             Fetcher fetcher = Fetcher.builder().politeness(new Politeness(perHost, Duration.ZERO))
                     .globalConcurrency(perHost).tempDirectory(dir.resolve("tmp")).ignoreRobots(true).build()) {
            Files.createDirectories(dir.resolve("tmp"));
            Applier applier = Applier.builder(fetcher, store).build();
            System.gc();
            HeapPeaks.reset();
            long start = System.nanoTime();
            ApplyReport report = applier.apply(source, plan(source, all));
            double seconds = (System.nanoTime() - start) / 1e9;
            long committed = report.counts().total() - report.counts().failed();
            return new Result(String.format(Locale.ROOT,
                    "store=%s resources=%d perHost=%d committed=%d failed=%d seconds=%.2f resourcesPerSecond=%.0f "
                            + "peakHeapMB=%.1f peakRssMB=%.1f journalRows=%d",
                    store.sqlite() ? "sqlite" : "postgresql", all.size(), perHost, committed,
                    report.counts().failed(), seconds, committed / seconds, HeapPeaks.heap() / 1048576.0,
                    HeapPeaks.rssKb() / 1024.0, store.journal().count(source)), committed / seconds);
        } finally {
            TempFiles.deleteTreeQuietly(dir);
        }
    }

    private static Iterator<PlannedChange> plan(String source, List<FixtureResource> all) {
        Iterator<FixtureResource> it = all.iterator();
        return new Iterator<>() {
            private long n;

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public PlannedChange next() {
                FixtureResource r = it.next();
                PlannedRepresentation rep = PlannedRepresentation.fetch(r.uri(), RepresentationRole.PRIMARY,
                        Digests.parse(r.hashAttribute()), r.length(), r.contentType());
                return PlannedChange.upsert(source, r.uri().toString(), ChangeKind.CREATED,
                        W3cDateTime.of(r.lastModified()), List.of(rep), Long.toString(n++));
            }
        };
    }
}
