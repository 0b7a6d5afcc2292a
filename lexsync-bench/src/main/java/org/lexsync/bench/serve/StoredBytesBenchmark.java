package org.lexsync.bench.serve;

import java.io.BufferedReader;
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
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.lexsync.bench.objectstore.S3ProxyLauncher;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.PublishConfigs;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.S3BlobConfig;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * Issue 31's serving of harvested bytes: requests/s of {@code /blob/sha256/…} and {@code /resource/…} for a 1.4 KB
 * document (inline in the database) and a 200 KB one (a file under the data directory, or an object in S3Proxy)
 * from our whole server ({@link StoredBenchServer}, a JVM of its own) against Debian's nginx serving the same files of
 * the static export, wrk over loopback after a warm-up. Each server set-up is measured in turn, nginx right after
 * ours for each document: {@code --before} (another build's jar, e.g. main's, an A/B in one run) and this build, on
 * local files and with S3Proxy behind the store, and this build with the 200 KB document streamed
 * ({@code publish.serve-cache-entry-bytes: 65536}): by the other build, and by this one with no disk cache of
 * object-store blobs ({@code blob-cache-bytes 0}) and with it (the default bound; the cache directory is wiped before
 * each set-up). Prints requests/s, p50/p99, CPU µs per request of each server, the load average and the ratio
 * ours/nginx (targets: ≥ 0.5 from local files, ≥ 0.3 with the object store). For each object-store set-up it also
 * reads {@code --cold} other 200 KB documents one after another, twice, after its wrk runs (so that the server's code
 * is compiled): the first pass is every document's first read (a cache miss: from S3Proxy), the second the next read (from the disk cache or memory, if kept), with the wall
 * time and the server's CPU per request of each pass.
 *
 * <pre>./mvnw -o -q package -pl lexsync-bench -am -DskipTests
 * java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.serve.StoredBytesBenchmark \
 *     [--before MAIN/benchmarks.jar] [--small 1000] [--duration 10] [--warm 3] [--rounds 1] [--threads 2] \
 *     [--connections 32] [--server-heap 512m] [--only all|local|s3] [--cold 100] [--server-flags "-XX:… -XX:…"]</pre>
 *
 * <p>The before build runs {@link StoredBenchServer} from this build's classes placed after its jar on the class path
 * (the class is new; everything it calls is the other build's). S3Proxy runs in this harness's JVM; its CPU is not
 * in the server's CPU per request. {@code -Dserve.jfr=PREFIX} records a JFR profile of each server set-up in
 * {@code PREFIX-1.jfr}, {@code PREFIX-2.jfr}, … (in the order the set-ups are measured).
 */
public final class StoredBytesBenchmark {
    private static final String SOURCE = "sfs";
    private static final int SMALL_BYTES = 1_400;
    private static final int LARGE_BYTES = 200_000;
    private static final String YAML = "publish:\n  base-url: https://bench.lexsync.example/\n"
            + "  feed-id: tag:bench.lexsync.org,2026:aggregate\n  author-email: feeds@bench.lexsync.example\n";

    private StoredBytesBenchmark() {
    }

    /** One measured document: our path and nginx's (the export's file). */
    private record Target(String label, String path) {
    }

    /**
     * One server set-up: its class path, store, blobs location, configuration file and bound of the disk cache of
     * blobs (null: the build's default, and nothing passed, as a build before the cache knows no such argument).
     */
    private record Setup(String label, String classpath, Path data, @Nullable String blobs, Path yaml,
                         @Nullable String cacheBytes) {
        Setup(String label, String classpath, Path data, @Nullable String blobs, Path yaml) {
            this(label, classpath, data, blobs, yaml, null);
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new LinkedHashMap<>(Map.of("--small", "1000", "--rounds", "1", "--duration", "10",
                "--threads", "2", "--connections", "32", "--server-heap", "512m", "--warm", "3", "--before", "", "--only", "all", "--cold", "100"));
        o.put("--server-flags", "");
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!o.containsKey(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
            o.put(args[i], args[i + 1]);
        }
        if (!Wrk.installed() || !Nginx.installed()) {
            System.out.println("StoredBytesBenchmark skipped: needs Debian's nginx and wrk on the PATH");
            return;
        }
        Path dir = Files.createTempDirectory("lexsync-stored-bench");
        try (S3ProxyLauncher s3 = S3ProxyLauncher.start(dir.resolve("s3"))) {
            run(dir, s3, o);
        } finally {
            TempFiles.deleteTreeQuietly(dir);
        }
    }

    private static void run(Path dir, S3ProxyLauncher s3, Map<String, String> o) throws Exception {
        int small = Integer.parseInt(o.get("--small"));
        Path yaml = dir.resolve("lexsync.yaml");
        Files.writeString(yaml, YAML, StandardCharsets.UTF_8);
        Path streamed = dir.resolve("streamed.yaml");
        Files.writeString(streamed, YAML + "  serve-cache-entry-bytes: 65536\n", StandardCharsets.UTF_8);
        Path local = dir.resolve("local");
        Path remote = dir.resolve("remote");
        int coldCount = Integer.parseInt(o.get("--cold"));
        List<Target> targets = generate(local, null, small, 0, null);
        List<String> cold = new ArrayList<>();
        generate(remote, s3.config("bench"), small, coldCount, cold);
        Path export = dir.resolve("export");
        try (LexSync lexsync = LexSync.builder(local).build()) {
            lexsync.publication(PublishConfigs.settings(yaml, null).build()).export(export);
        }
        String self = System.getProperty("java.class.path");
        String blobs = "s3://lexsync-bench/bench";
        List<Setup> setups = new ArrayList<>();
        String before = o.get("--before");
        String classes = serverClassOnly(dir.resolve("server-class"));
        if (!before.isEmpty()) {
            setups.add(new Setup("before, local files", before + ":" + classes, local, null, yaml));
        }
        setups.add(new Setup("after, local files", self, local, null, yaml));
        if (!before.isEmpty()) {
            setups.add(new Setup("before, local files, 200 KB streamed", before + ":" + classes, local, null, streamed));
        }
        setups.add(new Setup("after, local files, 200 KB streamed", self, local, null, streamed));
        if (!before.isEmpty()) {
            setups.add(new Setup("before, S3Proxy", before + ":" + classes, remote, blobs, yaml));
        }
        setups.add(new Setup("after, S3Proxy", self, remote, blobs, yaml));
        if (!before.isEmpty()) {
            setups.add(new Setup("before, S3Proxy, 200 KB streamed", before + ":" + classes, remote, blobs, streamed));
        }
        setups.add(new Setup("after, S3Proxy, 200 KB streamed, no disk cache", self, remote, blobs, streamed, "0"));
        setups.add(new Setup("after, S3Proxy, 200 KB streamed, disk cache", self, remote, blobs, streamed,
                Long.toString(1L << 30)));
        String only = o.get("--only");
        setups.removeIf(s -> only.equals("local") && s.blobs() != null || only.equals("s3") && s.blobs() == null);

        Wrk wrk = new Wrk(Integer.parseInt(o.get("--threads")), Integer.parseInt(o.get("--connections")),
                Integer.parseInt(o.get("--duration")));
        int warm = Integer.parseInt(o.get("--warm"));
        int rounds = Integer.parseInt(o.get("--rounds"));
        // extra JVM flags for our server, e.g. those `lexsync serve` adds (an A/B of the launcher's flags)
        List<String> serverFlags = o.get("--server-flags").isBlank() ? List.of()
                : List.of(o.get("--server-flags").trim().split("\\s+"));
        HttpClient http = HttpClient.newHttpClient();
        System.out.printf(Locale.ROOT, "%d × %,d B + 1 × %,d B documents; wrk %s; %s%n", small, SMALL_BYTES,
                LARGE_BYTES, wrk.command(URI.create("http://127.0.0.1/PATH"), null), load());
        List<String> rows = new ArrayList<>();
        List<String> coldRows = new ArrayList<>();
        int nginxPort = freePort();
        try (Nginx nginx = Nginx.start(dir.resolve("nginx"), export, nginxPort)) {
            URI nginxBase = URI.create("http://127.0.0.1:" + nginxPort + "/");
            int started = 0;
            for (Setup setup : setups) {
                int port = freePort();
                TempFiles.deleteTreeQuietly(setup.data().resolve("cache"));
                Process ours = startServer(setup, port, o.get("--server-heap"), serverFlags, s3, dir.resolve("server.log"),
                        ++started);
                try {
                    URI oursBase = URI.create("http://127.0.0.1:" + port + "/");
                    for (Target t : targets) {
                        HttpResponse<byte[]> a = http.send(HttpRequest.newBuilder(oursBase.resolve(t.path())).build(),
                                HttpResponse.BodyHandlers.ofByteArray());
                        HttpResponse<byte[]> b = http.send(HttpRequest.newBuilder(nginxBase.resolve(t.path())).build(),
                                HttpResponse.BodyHandlers.ofByteArray());
                        if (a.statusCode() != 200 || b.statusCode() != 200 || !Arrays.equals(a.body(), b.body())) {
                            throw new IllegalStateException(setup.label() + " " + t.path() + ": ours " + a.statusCode()
                                    + ", nginx " + b.statusCode() + ", same bytes " + Arrays.equals(a.body(), b.body()));
                        }
                        wrk.warm(oursBase.resolve(t.path()), null, warm);
                        wrk.warm(nginxBase.resolve(t.path()), null, warm);
                    }
                    for (Target t : targets) {
                        List<double[]> oursRuns = new ArrayList<>();
                        List<double[]> nginxRuns = new ArrayList<>();
                        for (int round = 0; round < rounds; round++) {
                            oursRuns.add(measure(wrk, oursBase.resolve(t.path()), ours.pid(), setup.label(), t));
                            nginxRuns.add(measure(wrk, nginxBase.resolve(t.path()), nginx.pid(), "nginx", t));
                        }
                        double[] a = median(oursRuns);
                        double[] b = median(nginxRuns);
                        rows.add(String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f | %.2f | %.2f / %.2f | %.2f / %.2f"
                                + " | %.0f / %.0f |", setup.label(), t.label(), a[0], b[0], a[0] / b[0], a[1], a[2],
                                b[1], b[2], a[3], b[3]));
                    }
                    if (setup.blobs() != null && !cold.isEmpty()) {   // after wrk: the server's code is compiled
                        coldRows.add(coldAndWarm(http, oursBase, cold, ours.pid(), setup.label()));
                    }
                } finally {
                    ours.getOutputStream().close();
                    if (!ours.waitFor(20, TimeUnit.SECONDS)) {
                        ours.destroy();
                        ours.waitFor();
                    }
                }
            }
        }
        System.out.println();
        System.out.println("| server | document | ours req/s | nginx req/s | ratio | ours p50 / p99 ms"
                + " | nginx p50 / p99 ms | CPU µs/req ours / nginx |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        rows.forEach(System.out::println);
        if (!coldRows.isEmpty()) {
            System.out.println();
            System.out.printf(Locale.ROOT, "%d other 200 KB documents read one after another, first read then second:%n",
                    cold.size());
            System.out.println("| server | first read: ms / req | CPU µs / req | second read: ms / req | CPU µs / req |");
            System.out.println("|---|---|---|---|---|");
            coldRows.forEach(System.out::println);
        }
        System.out.println("load after: " + load());
    }

    /** A directory holding {@link StoredBenchServer}'s class alone, to put after another build's jar. */
    private static String serverClassOnly(Path dir) throws IOException {
        String name = StoredBenchServer.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(name);
        Files.createDirectories(target.getParent());
        try (java.io.InputStream in = StoredBenchServer.class.getClassLoader().getResourceAsStream(name)) {
            Files.copy(java.util.Objects.requireNonNull(in, name), target);
        }
        return dir.toString();
    }

    private static double[] measure(Wrk wrk, URI url, long pid, String who, Target t) throws Exception {
        String before = load();
        double cpu0 = ProcessCpu.millis(pid);
        Wrk.Result r = wrk.run(url, null);
        double cpu = ProcessCpu.millis(pid) - cpu0;
        double perRequest = r.requests() == 0 ? 0 : cpu * 1000 / r.requests();
        System.out.printf(Locale.ROOT, "%-34s %-22s %,10.1f req/s  p50 %7.2f ms  p99 %7.2f ms  %7.1f MB/s"
                + "  CPU %6.1f µs/req  non-2xx/3xx %d%s  %s%n", who, t.label(), r.requestsPerSecond(), r.p50(),
                r.p99(), r.megabytesPerSecond(), perRequest, r.non2xx(),
                r.socketErrors().isEmpty() ? "" : " socket errors " + r.socketErrors(), before);
        return new double[] {r.requestsPerSecond(), r.p50(), r.p99(), perRequest};
    }

    /**
     * Reads each of {@code paths} once in turn, twice (the first pass: each document's first read; the second: its
     * next), one request at a time; returns the row of wall time and server CPU per request of each pass.
     */
    private static String coldAndWarm(HttpClient http, URI base, List<String> paths, long pid, String label)
            throws Exception {
        double[] pass = new double[4];
        for (int p = 0; p < 2; p++) {
            double cpu0 = ProcessCpu.millis(pid);
            long t0 = System.nanoTime();
            for (String path : paths) {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(base.resolve(path)).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() != 200 || r.body().length != LARGE_BYTES) {
                    throw new IllegalStateException(label + " " + path + ": " + r.statusCode() + ", "
                            + r.body().length + " bytes");
                }
            }
            pass[2 * p] = (System.nanoTime() - t0) / 1e6 / paths.size();
            pass[2 * p + 1] = (ProcessCpu.millis(pid) - cpu0) * 1000 / paths.size();
        }
        System.out.printf(Locale.ROOT, "%-34s %d × 200 KB first read %.2f ms %.0f µs CPU, second %.2f ms %.0f µs CPU"
                + "  %s%n", label, paths.size(), pass[0], pass[1], pass[2], pass[3], load());
        return String.format(Locale.ROOT, "| %s | %.2f | %.0f | %.2f | %.0f |", label, pass[0], pass[1], pass[2],
                pass[3]);
    }

    private static double[] median(List<double[]> runs) {
        double[] m = new double[4];
        for (int f = 0; f < 4; f++) {
            int field = f;
            double[] v = runs.stream().mapToDouble(r -> r[field]).sorted().toArray();
            m[f] = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        }
        return m;
    }

    /**
     * A store of {@code small} resources of 1.4 KB (inline in the database) and one of 200 KB (files under the data
     * directory, or the object store {@code s3}), committed directly, and {@code others} more of 200 KB whose blob
     * paths are added to {@code otherPaths}; returns the documents measured.
     */
    private static List<Target> generate(Path data, @Nullable S3BlobConfig s3, int small, int others,
                                         @Nullable List<String> otherPaths) throws Exception {
        LexSync.Builder b = LexSync.builder(data);
        StoreConfig config = StoreConfig.of(data);
        if (s3 != null) {
            config = config.withS3(s3);
        }
        try (LexSync lexsync = b.build()) {
            lexsync.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url("https://gen.example/feed.atom").build());
        }
        List<Target> targets = new ArrayList<>();
        try (Store store = Store.open(config)) {
            List<ResourceWrite> writes = new ArrayList<>();
            List<InlineBlob> inline = new ArrayList<>();
            for (int i = 0; i < small; i++) {
                byte[] body = ("<html><body>Act " + i + ". " + "x".repeat(SMALL_BYTES)).substring(0, SMALL_BYTES - 14)
                        .concat("</body></html>").getBytes(StandardCharsets.UTF_8);
                String uri = "https://gen.example/publ/sfs/" + i;
                BlobKey key = new BlobKey(sha256(body));
                writes.add(write(uri, i, key, body.length, "text/html"));
                inline.add(new InlineBlob(key, body));
                if (i == 0) {
                    targets.add(new Target("blob 1.4 KB", blobPath(key)));
                    targets.add(new Target("resource 1.4 KB", resourcePath(uri)));
                }
            }
            byte[] large = new byte[LARGE_BYTES];
            new java.util.Random(31).nextBytes(large);
            BlobKey key = store.blobs().put(large);
            String uri = "https://gen.example/publ/sfs/large";
            writes.add(write(uri, small, key, large.length, "application/pdf"));
            targets.add(new Target("blob 200 KB", blobPath(key)));
            targets.add(new Target("resource 200 KB", resourcePath(uri)));
            for (int i = 0; i < others; i++) {
                byte[] other = new byte[LARGE_BYTES];
                new java.util.Random(1000 + i).nextBytes(other);
                BlobKey otherKey = store.blobs().put(other);
                writes.add(write(uri + "/" + i, small + 1 + i, otherKey, other.length, "application/pdf"));
                otherPaths.add(blobPath(otherKey));
            }
            store.commit(new CommitBatch(SOURCE, null, writes, inline, null));
        }
        return targets;
    }

    private static ResourceWrite write(String uri, int i, BlobKey key, long length, String type) {
        RepresentationState rep = new RepresentationState(URI.create(uri + ".doc"), RepresentationRole.PRIMARY, type,
                length, null, key.sha256(), key, null, null, List.of());
        return new ResourceWrite(uri, false, W3cDateTime.of(Instant.parse("2024-01-01T00:00:00Z")
                .plus(Duration.ofSeconds(i))), "2024-01-01", "Act " + i, List.of(), List.of(rep));
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private static String blobPath(BlobKey key) {
        return "blob/sha256/" + key.sha256().substring(0, 2) + "/" + key.sha256();
    }

    /** Our stable path of a resource: {@code resource/{source}/{uri as base64url, in segments of 128}}. */
    private static String resourcePath(String uri) {
        String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(uri.getBytes(StandardCharsets.UTF_8));
        StringBuilder p = new StringBuilder("resource/" + SOURCE);
        for (int i = 0; i < b64.length(); i += 128) {
            p.append('/').append(b64, i, Math.min(b64.length(), i + 128));
        }
        return p.toString();
    }

    private static Process startServer(Setup setup, int port, String heap, List<String> serverFlags, S3ProxyLauncher s3,
                                       Path log, int nth)
            throws IOException, InterruptedException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(javaBin, "-Xmx" + heap));
        cmd.addAll(serverFlags);
        String jfr = System.getProperty("serve.jfr");
        if (jfr != null) {
            cmd.add("-XX:StartFlightRecording=filename=" + jfr + "-" + nth + ".jfr,settings=profile");
        }
        cmd.addAll(List.of("-cp", setup.classpath(),
                StoredBenchServer.class.getName(), setup.data().toString(), setup.yaml().toString(),
                Integer.toString(port)));
        if (setup.blobs() != null) {
            cmd.add(setup.blobs());
            cmd.add(s3.endpoint().toString());
            if (setup.cacheBytes() != null) {
                cmd.add(setup.cacheBytes());
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(s3.credentials());
        Process p = pb.start();
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
        throw new IOException(setup.label() + ": our server stopped before listening (exit " + p.waitFor() + "), see "
                + log);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return "load " + f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "load ?";
        }
    }
}
