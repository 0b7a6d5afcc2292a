package org.lexsync.bench.serve;

import org.lexsync.engine.PublishConfigs;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.bench.publish.PublishBenchmark;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ExportReport;

/**
 * Issue 16's serving benchmark: requests/s of our server ({@code lexsync serve}'s features, in a JVM of its own)
 * against Debian's nginx serving the static export ({@code lexsync publish}) of the same store on the same machine,
 * both measured with Debian's {@code wrk} over loopback, alternately, several rounds: the subscription document
 * {@code feed/current.atom} (200, and 304 to {@code If-None-Match} with the server's own ETag), one Resource List part
 * of 50,000 entries and one closed Atom archive, and two floors of our stack against nginx's subscription document:
 * the same number of fixed bytes from a bare Javalin route and from a bare Jetty handler ({@link BenchServer}; a server
 * from a build before the Jetty floor answers that one 404, counted as non-2xx). Prints requests/s, latency p50/p99,
 * CPU per request of each server, the load average, and the ratio ours/nginx (target ≥ 0.5 for the 200s).
 *
 * <p>The store is {@link PublishBenchmark#generate}'s (N resources created, then updated: 2N journal rows, through the
 * commit path, no network; the default 60,025 gives 120,050 rows: 1,200 closed archives of 100, 50 entries in the
 * subscription document, and a first Resource List part of 50,000). Needs {@code apt-get install nginx-light wrk};
 * skips with a message when either is missing. nginx is started with its own configuration under the work directory on a free loopback port and stopped
 * at the end. Without {@code --dir} the work directory is temporary and deleted at the end; with it, the store and the
 * export are kept and reused by the next run.
 *
 * <pre>./mvnw -o -q package -pl lexsync-bench -am -DskipTests
 * java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.serve.ServeBenchmark \
 *     [--dir /tmp/serve-bench] [--resources 60025] [--rounds 3] [--duration 15] [--threads 2] [--connections 32] \
 *     [--server-heap 512m] [--server-classpath OTHER_BUILD/benchmarks.jar]</pre>
 *
 * <p>{@code --server-classpath} runs our server from another build (an A/B of two versions with the same harness);
 * {@code -Dserve.jfr=FILE} records a JFR profile of our server. The server's log is {@code server.log} of the work
 * directory (a client that stops mid-answer, as wrk does at its end, is logged there).
 */
public final class ServeBenchmark {
    private static final String BASE_URL = "https://bench.lexsync.example/";
    private static final int LIST_SIZE = 50_000;

    private ServeBenchmark() {
    }

    /** One measured document: a path, and whether the request carries the server's own ETag (a 304). */
    private record Target(String label, String path, boolean conditional, String nginxPath) {
        Target(String label, String path, boolean conditional) {
            this(label, path, conditional, path);
        }

        String pathOn(boolean ours) {
            return ours ? path : nginxPath;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new LinkedHashMap<>(Map.of("--resources", "60025", "--rounds", "3", "--duration", "15",
                "--threads", "2", "--connections", "32", "--server-heap", "512m", "--warm", "5", "--server-classpath",
                System.getProperty("java.class.path")));
        @Nullable Path given = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--dir")) {
                given = Path.of(args[i + 1]);
            } else if (o.containsKey(args[i])) {
                o.put(args[i], args[i + 1]);
            } else {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (!Wrk.installed() || !Nginx.installed()) {
            System.out.println("ServeBenchmark skipped: needs Debian's nginx and wrk on the PATH"
                    + " (apt-get install -y nginx-light wrk)");
            return;
        }
        Path dir = given != null ? given : Files.createTempDirectory("lexsync-serve-bench");
        try {
            run(dir, o);
        } finally {
            if (given == null) {
                TempFiles.deleteTreeQuietly(dir);
            }
        }
    }

    private static void run(Path dir, Map<String, String> o) throws Exception {
        int resources = Integer.parseInt(o.get("--resources"));
        Path data = dir.resolve("data");
        Path yaml = dir.resolve("lexsync.yaml");
        Path export = dir.resolve("export");
        Files.createDirectories(dir);
        Files.writeString(yaml, "publish:\n  base-url: " + BASE_URL + "\n  feed-id: tag:bench.lexsync.org,2026:aggregate\n"
                + "  author-email: feeds@bench.lexsync.example\n  list-size: " + LIST_SIZE + "\n",
                StandardCharsets.UTF_8);
        if (!Files.exists(data.resolve("lexsync.db"))) {
            PublishBenchmark.generate(data, resources);
        }
        long rows;
        try (LexSync lexsync = LexSync.builder(data).build()) {
            rows = lexsync.store().lastSeq();
            if (!Files.exists(export.resolve("feed/current.atom"))) {
                long t0 = System.nanoTime();
                ExportReport r = lexsync.publication(PublishConfigs.settings(yaml, null).build()).export(export);
                System.out.printf(Locale.ROOT, "static export: %d files in %.1f s%n", r.written(),
                        (System.nanoTime() - t0) / 1e9);
            }
        }
        long archives = rows / 100;
        List<Target> documents = List.of(
                new Target("subscription feed, 200", "feed/current.atom", false),
                new Target("subscription feed, 304", "feed/current.atom", true),
                new Target("Resource List part, 50,000 entries", "resourcesync/all/resourcelist/1.xml", false),
                new Target("closed Atom archive", "feed/archive/" + Math.max(1, archives / 2) + ".atom", false));
        System.out.printf(Locale.ROOT, "store: %d journal rows, %d closed archives; %s%n", rows, archives, load());

        int ourPort = freePort();
        int nginxPort = freePort();
        Process ours = startServer(data, yaml, ourPort, o.get("--server-heap"), o.get("--server-classpath"),
                dir.resolve("server.log"));
        try (Nginx nginx = Nginx.start(dir.resolve("nginx"), export, nginxPort)) {
            URI oursBase = URI.create("http://127.0.0.1:" + ourPort + "/");
            URI nginxBase = URI.create("http://127.0.0.1:" + nginxPort + "/");
            HttpClient http = HttpClient.newHttpClient();
            Map<String, String[]> etags = new LinkedHashMap<>();
            List<Target> targets = new ArrayList<>(documents);
            for (Target t : documents) {
                HttpResponse<byte[]> a = http.send(HttpRequest.newBuilder(oursBase.resolve(t.path())).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                HttpResponse<byte[]> b = http.send(HttpRequest.newBuilder(nginxBase.resolve(t.path())).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                if (a.statusCode() != 200 || b.statusCode() != 200) {
                    throw new IllegalStateException(t.path() + ": ours " + a.statusCode() + ", nginx " + b.statusCode());
                }
                System.out.printf(Locale.ROOT, "%-36s %s: %,d bytes, same bytes from both: %s (ours %s, nginx %s)%n",
                        t.label(), t.path(), a.body().length, Arrays.equals(a.body(), b.body()),
                        a.headers().firstValue("Content-Type").orElse("?"),
                        b.headers().firstValue("Content-Type").orElse("?"));
                etags.put(t.path(), new String[] {a.headers().firstValue("ETag").orElseThrow(),
                        b.headers().firstValue("ETag").orElseThrow()});
                if (t.path().equals("feed/current.atom") && !t.conditional()) {
                    Target floor = new Target("floor: bare Javalin route, same size",
                            "bench/bytes/" + a.body().length, false, t.path());
                    targets.add(floor);
                    etags.put(floor.path(), new String[] {"", ""});
                    Target jetty = new Target("floor: bare Jetty handler, same size",
                            "bench/jetty-bytes/" + a.body().length, false, t.path());
                    targets.add(jetty);
                    etags.put(jetty.path(), new String[] {"", ""});
                }
            }
            Wrk wrk = new Wrk(Integer.parseInt(o.get("--threads")), Integer.parseInt(o.get("--connections")),
                    Integer.parseInt(o.get("--duration")));
            int warm = Integer.parseInt(o.get("--warm"));
            for (Target t : targets) {
                wrk.warm(oursBase.resolve(t.pathOn(true)), header(t, etags.get(t.path())[0]), warm);
                wrk.warm(nginxBase.resolve(t.pathOn(false)), header(t, etags.get(t.path())[1]), warm);
            }
            int rounds = Integer.parseInt(o.get("--rounds"));
            Map<Target, List<double[]>> oursResults = new LinkedHashMap<>();
            Map<Target, List<double[]>> nginxResults = new LinkedHashMap<>();
            System.out.println("command: " + wrk.command(oursBase.resolve("PATH"), null) + "; server classpath "
                    + o.get("--server-classpath"));
            for (int round = 1; round <= rounds; round++) {
                for (Target t : targets) {
                    for (int side = 0; side < 2; side++) {
                        boolean oursNow = (side == 0) == (round % 2 == 1);
                        URI base = oursNow ? oursBase : nginxBase;
                        long pid = oursNow ? ours.pid() : nginx.pid();
                        String h = header(t, etags.get(t.path())[oursNow ? 0 : 1]);
                        String before = load();
                        double cpu0 = ProcessCpu.millis(pid);
                        Wrk.Result r = wrk.run(base.resolve(t.pathOn(oursNow)), h);
                        double cpu = ProcessCpu.millis(pid) - cpu0;
                        double cpuPerRequest = r.requests() == 0 ? 0 : cpu * 1000 / r.requests();
                        (oursNow ? oursResults : nginxResults).computeIfAbsent(t, k -> new ArrayList<>())
                                .add(new double[] {r.requestsPerSecond(), r.p50(), r.p99(), cpuPerRequest});
                        System.out.printf(Locale.ROOT, "round %d %-6s %-36s %,10.1f req/s  p50 %7.2f ms  p99 %7.2f ms"
                                + "  %7.1f MB/s  CPU %6.1f µs/req  non-2xx/3xx %d%s  load before %s%n", round,
                                oursNow ? "ours" : "nginx", t.label(), r.requestsPerSecond(), r.p50(), r.p99(),
                                r.megabytesPerSecond(), cpuPerRequest, r.non2xx(),
                                r.socketErrors().isEmpty() ? "" : " socket errors " + r.socketErrors(), before);
                    }
                }
            }
            System.out.println();
            System.out.println("| document | ours req/s (median; rounds) | nginx req/s (median; rounds) | ratio "
                    + "ours/nginx | ours p50 / p99 ms | nginx p50 / p99 ms | CPU µs/req ours / nginx |");
            System.out.println("|---|---|---|---|---|---|---|");
            for (Target t : targets) {
                List<double[]> a = oursResults.get(t);
                List<double[]> b = nginxResults.get(t);
                System.out.printf(Locale.ROOT, "| %s | %,.1f; %s | %,.1f; %s | %.2f | %.2f / %.2f | %.2f / %.2f |"
                        + " %.0f / %.0f |%n", t.label(), median(a, 0), list(a), median(b, 0), list(b),
                        median(a, 0) / median(b, 0), median(a, 1), median(a, 2), median(b, 1), median(b, 2),
                        median(a, 3), median(b, 3));
            }
            System.out.println("load after: " + load());
        } finally {
            ours.getOutputStream().close();
            if (!ours.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                ours.destroy();
                ours.waitFor();
            }
        }
    }

    private static @Nullable String header(Target t, String etag) {
        return t.conditional() ? "If-None-Match: " + etag : null;
    }

    /** Our server in a JVM of its own, from {@code classpath} (another build's benchmarks.jar for an A/B). */
    private static Process startServer(Path data, Path yaml, int port, String heap, String classpath, Path log)
            throws IOException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(javaBin, "-Xmx" + heap));
        String jfr = System.getProperty("serve.jfr");
        if (jfr != null) {
            cmd.add("-XX:StartFlightRecording=filename=" + jfr + ",settings=profile");
        }
        cmd.addAll(List.of("-cp", classpath, BenchServer.class.getName(),
                data.toString(), yaml.toString(), Integer.toString(port)));
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith("listening ")) {
                Thread drain = new Thread(() -> {
                    try {
                        out.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException e) {
                        // server gone
                    }
                }, "server-stdout");
                drain.setDaemon(true);
                drain.start();
                return p;
            }
        }
        throw new IOException("our server stopped before listening (exit " + p.exitValue() + ")");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return "load " + f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "load ?";
        }
    }

    private static double median(List<double[]> runs, int field) {
        double[] v = runs.stream().mapToDouble(r -> r[field]).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String list(List<double[]> runs) {
        return String.join(" / ", runs.stream().map(r -> String.format(Locale.ROOT, "%,.1f", r[0])).toList());
    }
}
