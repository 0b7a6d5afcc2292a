package org.lexsync.bench.serve;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.standard.StandardFeatures;

/**
 * The server side of {@link StoredBytesBenchmark}: the whole server of {@code lexsync serve} over a store whose large
 * blobs are files under the data directory or, given {@code BLOBS ENDPOINT}, in an S3-compatible object store (the
 * credentials' variables {@code BENCH_S3_ACCESS} and {@code BENCH_S3_SECRET} in its environment). Uses only what a
 * build from before the hot-bytes cache has too, so that it runs on that build's classes for an A/B (put this class's
 * directory after the other build's jar on the class path). {@code CACHE_BYTES} bounds the disk cache of object-store
 * blobs (0: none; a build from before the cache must not be given it). Prints {@code listening PORT} when ready and
 * stops when its standard input closes.
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.serve.StoredBenchServer DATA_DIR LEXSYNC_YAML PORT [BLOBS ENDPOINT [CACHE_BYTES]]</pre>
 */
public final class StoredBenchServer {
    private StoredBenchServer() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3 && args.length != 5 && args.length != 6) {
            System.err.println("usage: StoredBenchServer DATA_DIR LEXSYNC_YAML PORT [BLOBS ENDPOINT [CACHE_BYTES]]");
            System.exit(2);
        }
        LexSync.Builder builder = LexSync.builder(Path.of(args[0]));
        if (args.length == 6) {
            builder.blobCacheBytes(Long.parseLong(args[5]));
        }
        if (args.length >= 5) {
            builder.blobs(args[3]).s3Endpoint(URI.create(args[4]), true)
                    .s3CredentialVariables("BENCH_S3_ACCESS", "BENCH_S3_SECRET");
        }
        Configuration configuration = LexSync.readConfiguration(Path.of(args[1]));
        ServerSettings settings = configuration.server().withBind("127.0.0.1").withPort(Integer.parseInt(args[2]));
        CountDownLatch stop = new CountDownLatch(1);
        try (LexSync lexsync = builder.build();
             LexSyncServer server = StandardFeatures.addTo(LexSyncServer.builder(lexsync).configuration(configuration)
                     .settings(settings)).build().start()) {
            System.out.printf(Locale.ROOT, "listening %d%n", server.port());
            System.out.flush();
            Thread watcher = new Thread(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // the parent closes our standard input to stop us
                    }
                } catch (java.io.IOException e) {
                    // parent gone
                }
                stop.countDown();
            }, "stdin-watch");
            watcher.setDaemon(true);
            watcher.start();
            stop.await();
        }
    }
}
