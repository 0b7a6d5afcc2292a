package org.lexsync.bench.fetch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * The "static server on loopback" of issue 12's cold one-shot target: the fixture's ResourceSync publisher (the same
 * catalogue as {@code FixtureServer N BYTES SEED resourcesync 50000 1000 false}) copied into files once and served by
 * Debian's nginx, so that the publisher costs what a static web server costs and the sync's own pace is what is
 * measured. Every file is stored under its URL path plus {@code .res} (a resource path can also be a directory of
 * others) and served with {@code try_files $uri.res}; the XML documents name the nginx port. Dumps are left out (a
 * baseline from the list does not read them).
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.fetch.StaticPublisher DIR [resources=20000] [bytes=1400] [seed=7]</pre>
 * Prints {@code READY <source description URL>}, serves until its standard input ends, then stops nginx.
 */
public final class StaticPublisher {
    private static final Pattern LOC = Pattern.compile("<loc>([^<]+)</loc>");

    private StaticPublisher() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath();
        int resources = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int bytes = args.length > 2 ? Integer.parseInt(args[2]) : 1_400;
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 7;
        int port = freePort();
        String base = "http://127.0.0.1:" + port;
        Path site = dir.resolve("site");
        mirror(site, resources, bytes, seed, base);
        Process nginx = startNginx(dir.resolve("nginx"), site, port);
        try {
            System.out.println("READY " + base + "/.well-known/resourcesync");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            while (in.readLine() != null) {
                // serve until the caller closes our standard input
            }
        } finally {
            nginx.destroy();
            nginx.waitFor();
        }
    }

    private static void mirror(Path site, int resources, int bytes, long seed, String newBase)
            throws IOException, InterruptedException {
        try (FixturePublisher pub = FixturePublisher.builder().resources(resources).bodyBytes(bytes).seed(seed).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).maxListEntries(50_000).packageEntries(1_000)
                     .changeList(false).changeDump(false).install();
             HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            String base = pub.baseUri().toString().replaceAll("/$", "");
            Deque<String> documents = new ArrayDeque<>(List.of("/.well-known/resourcesync"));
            Set<String> seen = new HashSet<>();
            List<String> files = new ArrayList<>();
            while (!documents.isEmpty()) {
                String path = documents.pop();
                if (!seen.add(path)) {
                    continue;
                }
                String xml = new String(get(http, base + path), StandardCharsets.UTF_8);
                write(site, path, xml.replace(base, newBase).getBytes(StandardCharsets.UTF_8));
                Matcher m = LOC.matcher(xml);
                while (m.find()) {
                    String loc = m.group(1).substring(base.length());
                    if (loc.contains("dump")) {
                        continue;
                    }
                    (loc.startsWith("/rs/") ? documents : files).add(loc);
                }
            }
            for (String path : files) {
                write(site, path, get(http, base + path));
            }
            System.err.printf(Locale.ROOT, "mirrored %d documents and %d resources into %s%n", seen.size(),
                    files.size(), site);
        }
    }

    private static byte[] get(HttpClient http, String url) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IOException("HTTP " + r.statusCode() + " for " + url);
        }
        return r.body();
    }

    private static void write(Path site, String path, byte[] body) throws IOException {
        Path file = site.resolve(path.substring(1) + ".res");
        Files.createDirectories(file.getParent());
        Files.write(file, body);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static Process startNginx(Path prefix, Path site, int port) throws IOException, InterruptedException {
        Files.createDirectories(prefix.resolve("logs"));
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, String.format(Locale.ROOT, """
                daemon off;
                worker_processes 1;
                user root;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 1024; }
                http {
                    access_log off;
                    sendfile on;
                    tcp_nopush on;
                    keepalive_requests 1000000;
                    client_body_temp_path %1$s/body;
                    server {
                        listen 127.0.0.1:%2$d;
                        root %3$s;
                        default_type "text/html; charset=utf-8";
                        location / { try_files $uri.res =404; }
                        location /rs/ { default_type application/xml; try_files $uri.res =404; }
                        location /.well-known/ { default_type application/xml; try_files $uri.res =404; }
                    }
                }
                """, prefix, port, site), StandardCharsets.UTF_8);
        String nginx = Files.isExecutable(Path.of("/usr/sbin/nginx")) ? "/usr/sbin/nginx" : "nginx";
        Process p = new ProcessBuilder(nginx, "-p", prefix.toString(), "-c", conf.toString())
                .redirectErrorStream(true).redirectOutput(prefix.resolve("logs/stdout.log").toFile()).start();
        for (int i = 0; i < 100; i++) {
            if (!p.isAlive()) {
                throw new IOException("nginx stopped: " + Files.readString(prefix.resolve("logs/stdout.log")));
            }
            try (Socket s = new Socket("127.0.0.1", port)) {
                return p;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        p.destroy();
        throw new IOException("nginx did not listen on " + port);
    }
}
