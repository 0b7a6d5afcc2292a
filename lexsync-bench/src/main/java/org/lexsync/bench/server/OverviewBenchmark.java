package org.lexsync.bench.server;

import org.lexsync.bench.ScratchDatabase;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.api.ApiRoutes;
import org.lexsync.server.dashboard.DashboardFeature;
import org.lexsync.server.metrics.MetricsFeature;

/**
 * Issue 33's overview benchmark: N sources, each with R runs and E resources (applied through the facade, no
 * network: metadata-only changes, one run per apply), in a fresh SQLite store or a fresh PostgreSQL database; then
 * the server with the dashboard, the API and the metrics, and {@code GET /} (the overview with its chart and
 * sparklines), {@code GET /?sort=health&health=ok} and {@code GET /metrics} timed K times each after two warm-ups.
 * Prints fastest / median / slowest and the process CPU per overview.
 *
 * <pre>java -Xmx512m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.server.OverviewBenchmark \
 *     [--sources 1000] [--runs 20] [--resources 20] [--times 10] [--postgres jdbc:postgresql://127.0.0.1:5432/] \
 *     [--save overview.html]</pre>
 * ({@code --save}: the last overview's HTML, to see what a row costs).
 */
public final class OverviewBenchmark {
    private OverviewBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int sources = 1000;
        int runs = 20;
        int resources = 20;
        int times = 10;
        String postgres = null;
        Path save = null;
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--sources" -> sources = Integer.parseInt(v);
                case "--runs" -> runs = Integer.parseInt(v);
                case "--resources" -> resources = Integer.parseInt(v);
                case "--times" -> times = Integer.parseInt(v);
                case "--postgres" -> postgres = v;
                case "--save" -> save = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-overview-bench-");
        ScratchDatabase database = null;
        try {
            LexSync.Builder builder = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO));
            if (postgres != null) {
                database = ScratchDatabase.create(postgres, "postgres", "lexsync_bench_");
                builder.jdbcUrl(database.jdbcUrl(), "postgres", null);
            }
            try (LexSync lexsync = builder.build()) {
                run(lexsync, dir, sources, runs, resources, times, postgres == null ? "SQLite" : "PostgreSQL", save);
            }
        } finally {
            if (database != null) {
                database.close();
            }
            deleteTree(dir);
        }
    }

    private static void run(LexSync lexsync, Path dir, int sourceCount, int runs, int resources, int times,
                            String store, Path save) throws Exception {
        List<Source> sources = new ArrayList<>();
        for (int s = 0; s < sourceCount; s++) {
            Source source = Source.builder(String.format(Locale.ROOT, "source-%04d", s), AtomOptions.DEFAULT)
                    .url(java.net.URI.create("http://publisher-" + (s % 50) + ".example/feed.atom"))
                    .schedule("PT1H").build();
            sources.add(source);
            lexsync.register(source);
        }
        long t0 = System.nanoTime();
        Instant base = Instant.parse("2026-01-01T00:00:00Z");
        for (int r = 0; r < runs; r++) {
            for (Source source : sources) {
                List<PlannedChange> changes = new ArrayList<>();
                // the first run creates the resources; each later one updates one of them
                int from = r == 0 ? 0 : (r - 1) % resources;
                int to = r == 0 ? resources : from + 1;
                for (int e = from; e < to; e++) {
                    changes.add(PlannedChange.builder(source.id(), "http://" + source.id() + ".example/doc/" + e,
                                    r == 0 ? ChangeKind.CREATED : ChangeKind.UPDATED)
                            .sourceTimestamp(W3cDateTime.of(base.plusSeconds(3_600L * r + e)))
                            .title("Document " + e + " of " + source.id()).checkpoint("r" + r + "e" + e).build());
                }
                lexsync.apply(source.id(), changes.iterator());
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d sources, %d runs and %d resources each, filled in %.1f s%n", store,
                sourceCount, runs, resources, (System.nanoTime() - t0) / 1e9);
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        try (LexSyncServer server = LexSyncServer.builder(lexsync)
                .configuration(new Configuration(dir.resolve("lexsync.yaml"), sources, settings)).settings(settings)
                .feature(ApiRoutes::new).feature(DashboardFeature::new).feature(MetricsFeature::new).build().start()) {
            HttpClient http = HttpClient.newHttpClient();
            for (String path : List.of("/", "/?sort=health&health=ok", "/metrics")) {
                String body = time(http, server, path, times);
                if (save != null && path.equals("/")) {
                    Files.writeString(save, body, java.nio.charset.StandardCharsets.UTF_8);
                }
            }
        }
    }

    /** Times {@code path} and returns its last body. */
    private static String time(HttpClient http, LexSyncServer server, String path, int times) throws Exception {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        com.sun.management.OperatingSystemMXBean cpu = (com.sun.management.OperatingSystemMXBean) os;
        List<Long> millis = new ArrayList<>();
        String body = "";
        long cpu0 = 0;
        for (int i = 0; i < times + 2; i++) {
            if (i == 2) {
                cpu0 = cpu.getProcessCpuTime();
            }
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.uri().resolve(path)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + r.statusCode());
            }
            if (i >= 2) {
                millis.add((System.nanoTime() - t0) / 1_000_000);
            }
            body = r.body();
        }
        double cpuMs = (cpu.getProcessCpuTime() - cpu0) / 1e6 / times;
        millis.sort(null);
        System.out.printf(Locale.ROOT, "GET %s: %d / %d / %d ms fastest / median / slowest of %d, %.0f ms CPU each"
                + " (%,d characters)%n", path, millis.get(0), millis.get(millis.size() / 2),
                millis.get(millis.size() - 1), times, cpuMs, body.length());
        return body;
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
