package org.lexsync.bench.serve;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Debian's nginx serving a static export, run by the benchmark itself on a loopback port with its own configuration
 * under a prefix directory (never the system service): the serving ceiling of issue 16. Static files with sendfile,
 * nginx's own ETag and Last-Modified, no access log, the same media types our server gives.
 */
final class Nginx implements AutoCloseable {
    private final Process process;
    private final int port;

    private Nginx(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static boolean installed() {
        return ServeBenchmark.onPath("nginx") || Files.isExecutable(Path.of("/usr/sbin/nginx"));
    }

    static Nginx start(Path prefix, Path root, int port) throws IOException, InterruptedException {
        Files.createDirectories(prefix.resolve("logs"));
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, String.format(Locale.ROOT, """
                daemon off;
                master_process on;
                worker_processes auto;
                user root;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 1024; }
                http {
                    types { application/atom+xml atom; application/xml xml; }
                    default_type application/octet-stream;
                    access_log off;
                    sendfile on;
                    tcp_nopush on;
                    keepalive_requests 1000000;
                    open_file_cache max=1000 inactive=60s;
                    client_body_temp_path %1$s/body;
                    server {
                        listen 127.0.0.1:%2$d;
                        root %3$s;
                        location / { }
                    }
                }
                """, prefix.toAbsolutePath(), port, root.toAbsolutePath()), StandardCharsets.UTF_8);
        String nginx = ServeBenchmark.onPath("nginx") ? "nginx" : "/usr/sbin/nginx";
        Process p = new ProcessBuilder(List.of(nginx, "-p", prefix.toAbsolutePath().toString(), "-c",
                conf.toAbsolutePath().toString())).redirectErrorStream(true)
                .redirectOutput(prefix.resolve("logs/stdout.log").toFile()).start();
        for (int i = 0; i < 100; i++) {
            if (!p.isAlive()) {
                throw new IOException("nginx stopped: " + Files.readString(prefix.resolve("logs/stdout.log")));
            }
            try (Socket s = new Socket("127.0.0.1", port)) {
                return new Nginx(p, port);
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        p.destroy();
        throw new IOException("nginx did not listen on " + port);
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** Stops master and workers (SIGTERM to the master: nginx's fast shutdown). */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }
}
