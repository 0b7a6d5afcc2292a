package org.lexsync.bench.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.lexsync.bench.fixture.FixtureProcess;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.dashboard.DashboardFeature;
import org.lexsync.server.metrics.MetricsFeature;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * Issue 15's server benchmark: N Atom sources (the fixture publisher in a JVM of its own serving N small feeds on
 * loopback, 304 while unchanged) scheduled every S on one server with the real scheduler, over a fresh SQLite
 * store. After the first run of every source (the baseline, not measured) it measures for M minutes: the server
 * JVM's CPU seconds per 1,000 scheduled checks, its heap (peak used, and live after a full GC), and the schedule
 * lag of each run — its start minus when it was due (the end of the source's previous run plus the interval, as
 * the scheduler plans it) — p50/p99/max. With {@code --change-percent P}, P % of the feeds get a new entry at
 * the start of each minute. The server has the metrics and the dashboard as {@code lexsync serve} has; at the end
 * the overview, {@code /metrics}, hosts and store pages are timed over all the sources.
 *
 * <p>All feeds share one host (127.0.0.1), so the politeness is opened to {@code --per-host} requests at once
 * with no delay; with the defaults (one request a second per host) one host could not serve 1,000 checks a minute.
 *
 * <pre>java -Xmx512m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.server.ScheduledSourcesBenchmark \
 *     [--sources 1000] [--entries 3] [--bytes 512] [--schedule PT60S] [--minutes 5] [--change-percent 0] \
 *     [--max-concurrent-runs 4] [--per-host 8]</pre>
 */
public final class ScheduledSourcesBenchmark {
    private ScheduledSourcesBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int sources = 1000;
        int entries = 3;
        int bytes = 512;
        Duration schedule = Duration.ofSeconds(60);
        int minutes = 5;
        int changePercent = 0;
        int runs = 4;
        int perHost = 8;
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--sources" -> sources = Integer.parseInt(v);
                case "--entries" -> entries = Integer.parseInt(v);
                case "--bytes" -> bytes = Integer.parseInt(v);
                case "--schedule" -> schedule = Duration.parse(v);
                case "--minutes" -> minutes = Integer.parseInt(v);
                case "--change-percent" -> changePercent = Integer.parseInt(v);
                case "--max-concurrent-runs" -> runs = Integer.parseInt(v);
                case "--per-host" -> perHost = Integer.parseInt(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-server-bench-");
        System.out.printf(Locale.ROOT, "%d Atom sources, %d entries of %d bytes each, every %s, %d concurrent runs,"
                        + " %d per host; %d %% of the feeds change each minute; measuring %d min; -Xmx %d MB%n",
                sources, entries, bytes, schedule, runs, perHost, changePercent, minutes,
                Runtime.getRuntime().maxMemory() >> 20);
        try (FixtureProcess fixture = FixtureProcess.startAtomFeeds(sources, entries, bytes, 15);
             LexSync lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(perHost, Duration.ZERO))
                     .tries(1).build()) {
            List<Source> list = new ArrayList<>();
            for (int i = 0; i < sources; i++) {
                list.add(Source.builder(String.format(Locale.ROOT, "feed-%04d", i), AtomOptions.DEFAULT)
                        .url(fixture.baseUri().resolve("/feeds/" + i + "/feed.atom")).schedule(schedule.toString())
                        .approved(true).build());
            }
            ServerSettings settings = ServerSettings.DEFAULTS.withPort(0).withMaxConcurrentRuns(runs);
            Instant begun = Instant.now();
            try (LexSyncServer server = LexSyncServer.builder(lexsync)
                    .configuration(new Configuration(dir.resolve("lexsync.yaml"), list, settings)).settings(settings)
                    .feature(HarvestScheduler::new).feature(MetricsFeature::new).feature(DashboardFeature::new)
                    .build().start()) {
                waitForBaseline(lexsync, sources);
                System.out.printf(Locale.ROOT, "baseline: every source ran once in %.1f s%n",
                        Duration.between(begun, Instant.now()).toMillis() / 1000.0);
                measure(lexsync, fixture, sources, schedule, minutes, changePercent);
                timePages(server);
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static void waitForBaseline(LexSync lexsync, int sources) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(20));
        while (Instant.now().isBefore(deadline)) {
            Set<String> done = new HashSet<>();
            for (RunRecord r : lexsync.store().runs(null, sources * 3)) {
                if (r.ended() != null) {
                    done.add(r.sourceId());
                }
            }
            if (done.size() >= sources) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("the baseline did not end within 20 minutes");
    }

    private static void measure(LexSync lexsync, FixtureProcess fixture, int sources, Duration schedule, int minutes,
                                int changePercent) throws Exception {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        AtomicLong peakHeap = new AtomicLong();
        Instant start = Instant.now();
        long cpu0 = os.getProcessCpuTime();
        Duration fixtureCpu0 = fixture.cpu();
        Instant end = start.plus(Duration.ofMinutes(minutes));
        Instant nextChange = start;
        int changed = 0;
        while (Instant.now().isBefore(end)) {
            if (changePercent > 0 && !Instant.now().isBefore(nextChange)) {
                changed += fixture.changeFeeds(sources * changePercent / 100);
                nextChange = nextChange.plus(Duration.ofMinutes(1));
            }
            peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
            Thread.sleep(500);
        }
        long cpu = os.getProcessCpuTime() - cpu0;
        Duration fixtureCpu = fixture.cpu().minus(fixtureCpu0);
        System.gc();
        long live = memory.getHeapMemoryUsage().getUsed();

        List<RunRecord> all = new ArrayList<>(lexsync.store().runs(null, 1_000_000));
        all.sort(Comparator.comparing(RunRecord::sourceId).thenComparingLong(RunRecord::id));
        Map<String, RunRecord> previous = new HashMap<>();
        List<Long> lagMillis = new ArrayList<>();
        List<String> late = new ArrayList<>();
        long checks = 0;
        long failed = 0;
        long changes = 0;
        for (RunRecord r : all) {
            RunRecord prev = previous.put(r.sourceId(), r);
            if (r.started().isBefore(start) || !r.started().isBefore(end)) {
                continue;
            }
            checks++;
            if (r.status() == RunStatus.ABORTED || r.status() == RunStatus.INTERRUPTED) {
                failed++;
            }
            changes += r.counts().created() + r.counts().updated() + r.counts().deleted();
            if (prev != null && prev.ended() != null) {
                long lag = Math.max(0, Duration.between(prev.ended().plus(schedule), r.started()).toMillis());
                lagMillis.add(lag);
                if (lag > 5_000) {
                    late.add(String.format(Locale.ROOT, "started %s: %s due %s (%.1f s late, previous run %d ms)",
                            r.started(), r.sourceId(), prev.ended().plus(schedule), lag / 1000.0,
                            Duration.between(prev.started(), prev.ended()).toMillis()));
                }
            }
        }
        lagMillis.sort(null);
        double seconds = Duration.between(start, end).toMillis() / 1000.0;
        System.out.printf(Locale.ROOT, "window: %.0f s, %d scheduled checks (%.1f/min; %d expected), %d failed,"
                        + " %d changes collected (%d feeds changed)%n", seconds, checks, checks * 60 / seconds,
                (long) (sources * seconds / schedule.toSeconds()), failed, changes, changed);
        System.out.printf(Locale.ROOT, "server CPU: %.1f s in the window = %.2f CPU s per 1,000 checks"
                        + " (%.0f %% of one core); fixture CPU %.1f s%n", cpu / 1e9, checks == 0 ? 0 : cpu / 1e9 * 1000 / checks,
                cpu / 1e9 / seconds * 100, fixtureCpu.toMillis() / 1000.0);
        System.out.printf(Locale.ROOT, "heap: peak used %d MB, live after full GC %d MB, max %d MB%n",
                peakHeap.get() >> 20, live >> 20, Runtime.getRuntime().maxMemory() >> 20);
        System.out.printf(Locale.ROOT, "schedule lag: p50 %.2f s, p90 %.2f s, p99 %.2f s, max %.2f s over %d runs%n",
                percentile(lagMillis, 50), percentile(lagMillis, 90), percentile(lagMillis, 99),
                percentile(lagMillis, 100), lagMillis.size());
        late.sort(null);
        System.out.printf(Locale.ROOT, "%d runs more than 5 s late%s%n", late.size(), late.isEmpty() ? ""
                : ", e.g.:\n  " + String.join("\n  ", late.subList(0, Math.min(8, late.size()))));
    }

    /** Times the dashboard's overview and a /metrics scrape over all the sources (three each, while they run). */
    private static void timePages(LexSyncServer server) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (String path : List.of("/", "/metrics", "/hosts", "/store")) {
            List<Long> millis = new ArrayList<>();
            int bytes = 0;
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.uri().resolve(path)).build(),
                        HttpResponse.BodyHandlers.ofString());
                millis.add((System.nanoTime() - t0) / 1_000_000);
                bytes = r.body().length();
                if (r.statusCode() != 200) {
                    throw new IllegalStateException(path + " answered " + r.statusCode());
                }
            }
            millis.sort(null);
            System.out.printf(Locale.ROOT, "GET %s: %d / %d / %d ms (%,d characters)%n", path, millis.get(0),
                    millis.get(1), millis.get(2), bytes);
        }
    }

    private static double percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(i, sorted.size() - 1))) / 1000.0;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

}
