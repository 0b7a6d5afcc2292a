package org.lexsync.bench.serve;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.standard.StandardFeatures;

/**
 * The server side of {@link ServeBenchmark}, run in a JVM of its own so that wrk, nginx and our server are separate
 * processes: the whole server of {@code lexsync serve} (every standard feature, as {@code ServeCommand} assembles it)
 * over a store and a {@code lexsync.yaml}, on a loopback port, plus two floors for a body of n fixed bytes with a kept
 * document's headers: {@code GET /bench/bytes/{n}} through a bare Javalin route, {@code GET /bench/jetty-bytes/{n}}
 * through a bare Jetty handler in front of Javalin (where the publish paths are answered). Prints {@code listening PORT} when ready and stops when
 * its standard input closes.
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.serve.BenchServer DATA_DIR LEXSYNC_YAML PORT</pre>
 */
public final class BenchServer {
    private BenchServer() {
    }

    /**
     * {@code GET /bench/bytes/{n}}: n bytes of one array, with the headers a kept document gets, through Javalin's
     * router; {@code GET /bench/jetty-bytes/{n}}: the same bytes and headers from a plain Jetty handler in front of
     * Javalin, written the way the publish handler writes a kept document (pre-encoded fields, one direct buffer).
     */
    private static final class FixedBytes implements org.lexsync.server.ServerFeature {
        private static final String JETTY = "/bench/jetty-bytes/";
        private static final HttpField ETAG = new PreEncodedHttpField(HttpHeader.ETAG, "\"fixed\"");
        private static final HttpField LAST_MODIFIED = new PreEncodedHttpField(HttpHeader.LAST_MODIFIED,
                "Wed, 25 Nov 2026 00:00:00 GMT");
        private static final HttpField NO_CACHE = new PreEncodedHttpField(HttpHeader.CACHE_CONTROL, "no-cache");
        private static final HttpField VARY = new PreEncodedHttpField(HttpHeader.VARY, "Accept-Encoding");
        private static final HttpField ACCEPT_RANGES = new PreEncodedHttpField(HttpHeader.ACCEPT_RANGES, "bytes");
        private static final HttpField ATOM = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "application/atom+xml");
        private final java.util.Map<Integer, byte[]> bodies = new java.util.concurrent.ConcurrentHashMap<>();
        private final java.util.Map<Integer, java.nio.ByteBuffer> direct = new java.util.concurrent.ConcurrentHashMap<>();

        private byte[] body(int n) {
            return bodies.computeIfAbsent(n, k -> {
                byte[] b = new byte[k];
                java.util.Arrays.fill(b, (byte) 'x');
                return b;
            });
        }

        @Override
        public void routes(io.javalin.config.RoutesConfig routes) {
            routes.get("/bench/bytes/{n}", ctx -> {
                byte[] body = body(Integer.parseInt(ctx.pathParam("n")));
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

        @Override
        public java.util.Optional<Handler.Wrapper> frontHandler() {
            return java.util.Optional.of(new Handler.Wrapper() {
                @Override
                public boolean handle(Request request, Response response, Callback callback) throws Exception {
                    String path = request.getHttpURI().getPath();
                    if (path == null || !path.startsWith(JETTY) || !HttpMethod.GET.is(request.getMethod())) {
                        return super.handle(request, response, callback);
                    }
                    int n = Integer.parseInt(path.substring(JETTY.length()));
                    java.nio.ByteBuffer body = direct.computeIfAbsent(n, k -> java.nio.ByteBuffer.allocateDirect(k)
                            .put(body(k)).flip().asReadOnlyBuffer());
                    HttpFields.Mutable out = response.getHeaders();
                    out.add(ETAG);
                    out.add(LAST_MODIFIED);
                    out.add(NO_CACHE);
                    out.add(VARY);
                    out.add(ACCEPT_RANGES);
                    out.add(ATOM);
                    out.add(new PreEncodedHttpField(HttpHeader.CONTENT_LENGTH, n));
                    response.write(true, body.slice(), callback);
                    return true;
                }
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
