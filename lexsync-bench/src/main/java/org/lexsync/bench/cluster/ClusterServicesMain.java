package org.lexsync.bench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The cluster demo's services process ({@code scripts/cluster-demo.sh}): starts {@link ClusterServices}, writes their
 * addresses and the nodes' environment as {@code NAME='value'} lines to {@code --env-file} (atomically, so that the
 * script can wait for the file), and keeps them up until it is stopped (SIGTERM or SIGINT), then stops them and drops
 * the database.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.cluster.ClusterServicesMain --dir DIR \
 *     --env-file FILE [--publishers 3] [--resources 1000]</pre>
 */
public final class ClusterServicesMain {
    private ClusterServicesMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = null;
        Path envFile = null;
        int publishers = 3;
        int resources = 1000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--dir" -> dir = Path.of(v);
                case "--env-file" -> envFile = Path.of(v);
                case "--publishers" -> publishers = Integer.parseInt(v);
                case "--resources" -> resources = Integer.parseInt(v);
                default -> usage("unknown option " + args[i]);
            }
        }
        if (dir == null || envFile == null || args.length % 2 != 0) {
            usage("--dir and --env-file are required");
        }
        ClusterServices services;
        try {
            services = ClusterServices.start(dir, publishers, resources);
        } catch (java.sql.SQLException e) {
            System.err.printf(Locale.ROOT, "cluster services: PostgreSQL at %s as %s cannot be used: %s%n",
                    ClusterServices.SERVER, ClusterServices.USER, e.getMessage());
            System.exit(3);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread stopper = new Thread(() -> {
            try {
                services.close();
            } catch (Exception e) {
                System.err.println("cluster services: stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }, "cluster-services-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        write(envFile, services.environment());
        System.out.printf(Locale.ROOT, "cluster services: database %s, S3 %s, SPARQL %s, publishers %s%n",
                services.database(), services.s3Endpoint(), services.rdfEndpoint(), services.publishers());
        stopped.await();   // until the shutdown hook has run
    }

    private static void write(Path file, Map<String, String> env) throws IOException {
        StringBuilder text = new StringBuilder();
        env.forEach((k, v) -> text.append(k).append("='").append(v.replace("'", "'\\''")).append("'\n"));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void usage(String message) {
        System.err.println("cluster services: " + message + "; usage: --dir DIR --env-file FILE [--publishers N]"
                + " [--resources N]");
        System.exit(2);
    }
}
