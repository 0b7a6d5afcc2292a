package org.lexsync.bench.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.lexsync.core.io.TempFiles;
import org.lexsync.bench.HeapPeaks;
import org.lexsync.bench.objectstore.ObjectStoreBenchmark;
import org.lexsync.bench.objectstore.S3ProxyProcess;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.store.S3BlobConfig;
import org.lexsync.server.LexSyncServer;

/**
 * Issue 18's ingestion benchmark: {@code lexsync serve}'s {@code POST /api/document-groups} on loopback, fed by
 * parallel uploaders with G groups of D documents of B bytes each (text-like bytes, so the ZIPs deflate as real
 * pages do), into a fresh store (SQLite, or PostgreSQL with {@code --jdbc-url}). A group counts once the server
 * acknowledged it (committed): groups/s and MB/s of request bodies, peak heap and RSS of the JVM, which holds the
 * server and the uploaders. The groups are written to disk before the clock starts.
 *
 * <pre>java -Xmx256m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.ingest.IngestBenchmark \
 *     [--groups 10000] [--documents 5] [--bytes 10240] [--parallel 8] [--jdbc-url URL] [--dir DIR]
 *     [--crawlers 1] [--object-store jdbc:postgresql://127.0.0.1:5432/] [--inline-max-bytes 65536] [--warmup 0]</pre>
 *
 * {@code --crawlers N} (issue 31) spreads the groups over N crawlers, each with its own token, uploading at once
 * (group g belongs to crawler g mod N). {@code --object-store} makes the store a fresh PostgreSQL database on that
 * server with its blobs in S3Proxy, run in a JVM of its own; {@code --inline-max-bytes} lowers the inline size so
 * that documents smaller than the default 64 KiB go to the object store too. {@code --warmup W} uploads W more groups
 * of the same shape first, outside the clock and the cost counters, so that the figures are those of a JVM whose
 * code is compiled (a run of 2,000 groups spends a large share of its JVM CPU in the JIT compilers).
 */
public final class IngestBenchmark {
    static final String CRAWLER = "BenchCrawler";
    static final String SECRET = "bench-secret-1";
    static final String BOUNDARY = "lexsync-bench-boundary";

    private IngestBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int groups = 10_000;
        int documents = 5;
        int bytes = 10_240;
        int parallel = 8;
        String jdbcUrl = null;
        Path dir = null;
        int crawlers = 1;
        String objectStore = null;
        int inlineMax = 0;
        int warmup = 0;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--groups" -> groups = Integer.parseInt(args[i + 1]);
                case "--documents" -> documents = Integer.parseInt(args[i + 1]);
                case "--bytes" -> bytes = Integer.parseInt(args[i + 1]);
                case "--parallel" -> parallel = Integer.parseInt(args[i + 1]);
                case "--jdbc-url" -> jdbcUrl = args[i + 1];
                case "--dir" -> dir = Path.of(args[i + 1]);
                case "--crawlers" -> crawlers = Integer.parseInt(args[i + 1]);
                case "--object-store" -> objectStore = args[i + 1];
                case "--inline-max-bytes" -> inlineMax = Integer.parseInt(args[i + 1]);
                case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("lexsync-ingest-bench-");
        try {
            Path bodies = Files.createDirectories(work.resolve("bodies"));
            long t0 = System.nanoTime();
            long total = 0;
            for (int g = 0; g < groups + warmup; g++) {
                total += writeBody(bodies.resolve(g + ".body"), g, documents, bytes, crawler(g, crawlers));
            }
            System.out.printf(Locale.ROOT, "prepared %d groups (%d MB of bodies) in %.1f s%n", groups + warmup,
                    total >> 20,
                    (System.nanoTime() - t0) / 1e9);
            LexSync.Builder b = LexSync.builder(work.resolve("store"));
            if (jdbcUrl != null) {
                b.jdbcUrl(jdbcUrl, "postgres", null);
            }
            if (inlineMax > 0) {
                b.inlineMaxBytes(inlineMax);
            }
            List<AccessToken> tokens = new ArrayList<>();
            for (int c = 0; c < crawlers; c++) {
                tokens.add(AccessToken.ofSecret(crawler(c, crawlers), secret(c, crawlers),
                        Set.of(AccessToken.Role.INGEST)));
            }
            ObjectStoreBenchmark.Databases dbs = objectStore == null ? null : new ObjectStoreBenchmark.Databases(objectStore);
            String db = dbs == null ? null : dbs.create();
            S3ProxyProcess s3 = dbs == null ? null : S3ProxyProcess.start(work.resolve("s3"), "512m");
            try {
                if (s3 != null) {
                    S3BlobConfig c = s3.config("ingest");
                    b.jdbcUrl(dbs.url(db), "postgres", null).blobs("s3://" + c.bucket() + "/" + c.prefix())
                            .s3Endpoint(c.endpoint(), true).s3CredentialVariables(c.accessKeyEnv(), c.secretKeyEnv())
                            .s3Environment(c.environment());
                }
                try (LexSync lexsync = b.build();
                     LexSyncServer server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0)
                             .withTokens(tokens)).feature(org.lexsync.server.ingest.IngestRoutes::new).build().start()) {
                    IngestCosts costs = new IngestCosts(s3 != null ? dbs.url(db) : jdbcUrl, s3 == null ? 0 : s3.pid());
                    URI endpoint = server.uri().resolve("/api/document-groups");
                    if (warmup > 0) {
                        long w0 = System.nanoTime();
                        upload(endpoint, bodies, groups, groups + warmup, parallel, crawlers, new AtomicLong(),
                                new AtomicLong());
                        System.out.printf(Locale.ROOT, "warm-up: %d groups in %.1f s (not counted)%n", warmup,
                                (System.nanoTime() - w0) / 1e9);
                    }
                    run(endpoint, bodies, groups, parallel, crawlers, costs);
                }
            } finally {
                if (s3 != null) {
                    s3.close();
                }
                if (db != null) {
                    dbs.drop(db);
                }
            }
        } finally {
            // the bodies and the store are the harness's; a directory given with --dir is kept, emptied of them
            TempFiles.deleteTreeQuietly(dir != null ? work.resolve("bodies") : work);
            if (dir != null) {
                TempFiles.deleteTreeQuietly(work.resolve("store"));
                TempFiles.deleteTreeQuietly(work.resolve("s3"));
            }
        }
    }

    /** The crawler of group (or crawler number) {@code g}: the historical name when there is one crawler. */
    static String crawler(long g, int crawlers) {
        return crawlers <= 1 ? CRAWLER : CRAWLER + (g % crawlers);
    }

    static String secret(long g, int crawlers) {
        return crawlers <= 1 ? SECRET : SECRET + "-" + (g % crawlers);
    }

    private static void run(URI endpoint, Path bodies, int groups, int parallel, int crawlers, IngestCosts costs)
            throws Exception {
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong sent = new AtomicLong();
        HeapPeaks.reset();
        String loadBefore = load();
        costs.start();
        long start = System.nanoTime();
        upload(endpoint, bodies, 0, groups, parallel, crawlers, acknowledged, sent);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "%d groups acknowledged in %.1f s: %.0f groups/s, %.1f MB/s; peak heap %d MB,"
                        + " peak RSS %d MB (parallel %d, crawlers %d)%n", acknowledged.get(), seconds, acknowledged.get() / seconds,
                sent.get() / 1e6 / seconds, HeapPeaks.heap() >> 20, HeapPeaks.rssKb() >> 10, parallel, crawlers);
        System.out.println(costs.report(acknowledged.get()));
        System.out.printf(Locale.ROOT, "load average before %s, after %s%n", loadBefore, load());
    }

    /** Uploads the groups {@code from} (inclusive) to {@code to} (exclusive) with {@code parallel} uploaders. */
    private static void upload(URI endpoint, Path bodies, long from, long to, int parallel, int crawlers,
                               AtomicLong acknowledged, AtomicLong sent) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        AtomicLong next = new AtomicLong(from);
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < parallel; w++) {
            workers.add(pool.submit(() -> {
                for (long g; (g = next.getAndIncrement()) < to; ) {
                    Path body = bodies.resolve(g + ".body");
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(endpoint)
                            .header("Authorization", "Bearer " + secret(g, crawlers)).header("Accept", "text/plain")
                            .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                            .POST(HttpRequest.BodyPublishers.ofFile(body)).build(), HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() != 200 || !r.body().equals("Ok")) {
                        throw new IllegalStateException("group " + g + ": HTTP " + r.statusCode() + " " + r.body());
                    }
                    acknowledged.incrementAndGet();
                    sent.addAndGet(Files.size(body));
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : workers) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    /** One group's request body (multipart metaInfo + data), written to {@code file}; returns its size. */
    static long writeBody(Path file, int g, int documents, int bytes) throws IOException {
        return writeBody(file, g, documents, bytes, CRAWLER);
    }

    /** As {@link #writeBody(Path, int, int, int)}, for the given crawler. */
    static long writeBody(Path file, int g, int documents, int bytes, String crawler) throws IOException {
        Random random = new Random(g);
        String group = String.format(Locale.ROOT, "%08x-0000-4000-8000-%012x", g, g);
        StringBuilder meta = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<documentgroup"
                + " date=\"2025-01-01T00:00:00\" crawler=\"" + crawler + "\" lang=\"EN\" format=\"application/zip\""
                + " filename=\"" + g + ".zip\" identifier=\"" + group + "\" operation=\"Add\" type=\"1\">\n");
        java.io.ByteArrayOutputStream zip = new java.io.ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(zip)) {
            for (int d = 0; d < documents; d++) {
                byte[] doc = text(random, bytes);
                String name = "doc" + d + ".html";
                z.putNextEntry(new ZipEntry(name));
                z.write(doc);
                z.closeEntry();
                meta.append(String.format(Locale.ROOT, "  <document format=\"text/html\" file=\"%s\""
                                + " identifier=\"%08x-%04x-4000-9000-%012x\" operation=\"Add\""
                                + " url=\"https://portal.example/%d/%d.html\" md5=\"%s\"/>\n", name, g, d, g, g, d,
                        HashAlgorithm.MD5.hex(doc)));
            }
        }
        meta.append("</documentgroup>\n");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"metaInfo\"\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(meta.toString().getBytes(StandardCharsets.UTF_8));
            out.write(("\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"data\"\r\n"
                    + "Content-Type: application/zip\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            zip.writeTo(out);
            out.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        return Files.size(file);
    }

    /** Words of random letters: compresses about as well as a legal text's HTML. */
    private static byte[] text(Random random, int bytes) {
        byte[] b = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            b[i] = random.nextInt(7) == 0 ? (byte) ' ' : (byte) ('a' + random.nextInt(26));
        }
        return b;
    }
}
