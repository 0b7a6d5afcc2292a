package org.lexsync.bench.serve;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.standard.StandardFeatures;

/**
 * The server side of {@link ServeBenchmark}, run in a JVM of its own so that wrk, nginx and our server are separate
 * processes: the whole server of {@code lexsync serve} (every standard feature, as {@code ServeCommand} assembles it)
 * over a store and a {@code lexsync.yaml}, on a loopback port, plus {@code GET /bench/bytes/{n}}: n fixed bytes
 * written the way the publish routes write a kept document, the floor of our HTTP stack (Javalin on Jetty) for a body
 * of that size. Prints {@code listening PORT} when ready and stops when
 * its standard input closes.
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.serve.BenchServer DATA_DIR LEXSYNC_YAML PORT</pre>
 */
public final class BenchServer {
    private BenchServer() {
    }

    /** {@code GET /bench/bytes/{n}}: n bytes of one array, with the headers a kept document gets. */
    private static final class FixedBytes implements org.lexsync.server.ServerFeature {
        private final java.util.Map<Integer, byte[]> bodies = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public void routes(io.javalin.config.RoutesConfig routes) {
            routes.get("/bench/bytes/{n}", ctx -> {
                byte[] body = bodies.computeIfAbsent(Integer.parseInt(ctx.pathParam("n")), n -> {
                    byte[] b = new byte[n];
                    java.util.Arrays.fill(b, (byte) 'x');
                    return b;
                });
                ctx.header("ETag", "\"fixed\"");
                ctx.header("Last-Modified", "Wed, 25 Nov 2026 00:00:00 GMT");
                ctx.header("Cache-Control", "no-cache");
                ctx.header("Vary", "Accept-Encoding");
                ctx.header("Accept-Ranges", "bytes");
                ctx.contentType("application/atom+xml");
                ctx.res().setContentLengthLong(body.length);
                ctx.res().getOutputStream().write(body);
                ctx.res().getOutputStream().flush();
            });
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: BenchServer DATA_DIR LEXSYNC_YAML PORT");
            System.exit(2);
        }
        Path data = Path.of(args[0]);
        Configuration configuration = LexSync.readConfiguration(Path.of(args[1]));
        ServerSettings settings = configuration.server().withBind("127.0.0.1").withPort(Integer.parseInt(args[2]));
        CountDownLatch stop = new CountDownLatch(1);
        try (LexSync lexsync = LexSync.builder(data).build();
             LexSyncServer server = StandardFeatures.addTo(LexSyncServer.builder(lexsync).configuration(configuration)
                     .settings(settings)).feature(c -> new FixedBytes()).build().start()) {
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
