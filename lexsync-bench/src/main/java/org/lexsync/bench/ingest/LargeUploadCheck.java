package org.lexsync.bench.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.lexsync.bench.HeapPeaks;
import org.lexsync.bench.objectstore.ObjectStoreBenchmark;
import org.lexsync.bench.objectstore.S3ProxyProcess;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.IngestSettings;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.store.S3BlobConfig;
import org.lexsync.server.LexSyncServer;

/**
 * Issue 18's "1 GB upload with the heap bounded" (docs/architecture.md, invariant 3): one document group of F files
 * whose ZIP is about 1 GB (incompressible bytes, stored without compression) is posted as multipart to
 * {@code lexsync serve} on loopback, streamed from its file by the JDK client, in a JVM whose heap is capped by the
 * command line — server, store and client together. Prints the answer, the time, and the peak heap and RSS; exits 1
 * unless the group was stored whole.
 *
 * <pre>java -Xmx96m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.ingest.LargeUploadCheck \
 *     [--bytes 1000000000] [--files 4] [--dir DIR] [--object-store jdbc:postgresql://127.0.0.1:5432/]</pre>
 *
 * With {@code --object-store} (issue 31) the store is PostgreSQL (a fresh database on that server, dropped after)
 * with its blobs in S3Proxy, which runs in a JVM of its own ({@link S3ProxyProcess}) so that its heap is not the
 * harness's; the file goes up in multipart parts ({@code S3MultipartUpload}).
 */
public final class LargeUploadCheck {
    private LargeUploadCheck() {
    }

    public static void main(String[] args) throws Exception {
        long bytes = 1_000_000_000L;
        int files = 4;
        Path dir = null;
        String objectStore = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--bytes" -> bytes = Long.parseLong(args[i + 1]);
                case "--files" -> files = Integer.parseInt(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                case "--object-store" -> objectStore = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("lexsync-large-upload-");
        int code;
        try {
            if (objectStore == null) {
                code = run(work, LexSync.builder(work.resolve("store")), bytes, files);
            } else {
                ObjectStoreBenchmark.Databases dbs = new ObjectStoreBenchmark.Databases(objectStore);
                String db = dbs.create();
                try (S3ProxyProcess s3 = S3ProxyProcess.start(work.resolve("s3"), "256m")) {
                    S3BlobConfig c = s3.config("large");
                    code = run(work, LexSync.builder(work.resolve("store")).jdbcUrl(dbs.url(db), "postgres", null)
                            .blobs("s3://" + c.bucket() + "/" + c.prefix()).s3Endpoint(c.endpoint(), true)
                            .s3CredentialVariables(c.accessKeyEnv(), c.secretKeyEnv())
                            .s3Environment(c.environment()), bytes, files);
                } finally {
                    dbs.drop(db);
                }
            }
        } finally {
            TempFiles.deleteTreeQuietly(work);   // before exit: System.exit inside the try would skip this
        }
        System.exit(code);
    }

    private static int run(Path work, LexSync.Builder store, long bytes, int files) throws Exception {
        long t0 = System.nanoTime();
        Path body = work.resolve("upload.body");
        writeBody(body, bytes, files);
        System.out.printf(Locale.ROOT, "wrote a %d MB upload in %.1f s%n", Files.size(body) >> 20,
                (System.nanoTime() - t0) / 1e9);
        try (LexSync lexsync = store.build();
             LexSyncServer server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0)
                     .withTokens(List.of(AccessToken.ofSecret(IngestBenchmark.CRAWLER, IngestBenchmark.SECRET,
                             Set.of(AccessToken.Role.INGEST))))
                     .withIngest(IngestSettings.DEFAULTS.withMaxUploadBytes(2L << 30))).feature(org.lexsync.server.ingest.IngestRoutes::new).build().start()) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            System.gc();
            HeapPeaks.reset();
            long start = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.uri().resolve("/api/document-groups"))
                    .header("Authorization", "Bearer " + IngestBenchmark.SECRET).header("Accept", "text/plain")
                    .header("Content-Type", "multipart/form-data; boundary=" + IngestBenchmark.BOUNDARY)
                    .POST(HttpRequest.BodyPublishers.ofFile(body)).build(), HttpResponse.BodyHandlers.ofString());
            double seconds = (System.nanoTime() - start) / 1e9;
            long stored = lexsync.store().resourceCount(IngestBenchmark.CRAWLER);
            System.out.printf(Locale.ROOT, "HTTP %d %s: %d of %d files stored in %.1f s (%.0f MB/s); peak heap %d MB of"
                            + " max %d MB, peak RSS %d MB%n", r.statusCode(), r.body(), stored, files, seconds,
                    Files.size(body) / 1e6 / seconds, HeapPeaks.heap() >> 20, Runtime.getRuntime().maxMemory() >> 20,
                    HeapPeaks.rssKb() >> 10);
            return r.statusCode() == 200 && stored == files ? 0 : 1;
        }
    }

    /** A multipart body: the MetaInfo, then a ZIP of {@code files} files of incompressible bytes, stored. */
    private static void writeBody(Path file, long bytes, int files) throws IOException {
        Path zip = file.resolveSibling("group.zip");
        long each = bytes / files;
        String[] md5 = new String[files];
        SplittableRandom random = new SplittableRandom(18);
        byte[] buffer = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(out)) {
            z.setLevel(Deflater.NO_COMPRESSION);
            for (int f = 0; f < files; f++) {
                MessageDigest digest = HashAlgorithm.MD5.newDigest();
                z.putNextEntry(new ZipEntry("part" + f + ".pdf"));
                for (long left = each; left > 0; ) {
                    int n = (int) Math.min(buffer.length, left);
                    for (int i = 0; i < n; i += 8) {
                        long v = random.nextLong();
                        for (int k = 0; k < 8 && i + k < n; k++) {
                            buffer[i + k] = (byte) (v >>> (8 * k));
                        }
                    }
                    z.write(buffer, 0, n);
                    digest.update(buffer, 0, n);
                    left -= n;
                }
                z.closeEntry();
                md5[f] = HexFormat.of().formatHex(digest.digest());
            }
        }
        StringBuilder meta = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<documentgroup"
                + " date=\"2025-01-01T00:00:00\" crawler=\"" + IngestBenchmark.CRAWLER + "\" lang=\"EN\""
                + " format=\"application/zip\" filename=\"large.zip\""
                + " identifier=\"1a2b3c4d-0000-4000-8000-00000000large\" operation=\"Add\" type=\"1\">\n"
                .replace("00000000large", "000000001234"));
        for (int f = 0; f < files; f++) {
            meta.append(String.format(Locale.ROOT, "  <document format=\"application/pdf\" file=\"part%d.pdf\""
                    + " identifier=\"1a2b3c4d-%04x-4000-9000-000000000000\" operation=\"Add\""
                    + " url=\"https://portal.example/large/part%d.pdf\" md5=\"%s\"/>\n", f, f, f, md5[f]));
        }
        meta.append("</documentgroup>\n");
        String b = IngestBenchmark.BOUNDARY;
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(("--" + b + "\r\nContent-Disposition: form-data; name=\"metaInfo\"\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(meta.toString().getBytes(StandardCharsets.UTF_8));
            out.write(("\r\n--" + b + "\r\nContent-Disposition: form-data; name=\"data\"\r\n"
                    + "Content-Type: application/zip\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            Files.copy(zip, out);
            out.write(("\r\n--" + b + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        Files.delete(zip);
    }
}
