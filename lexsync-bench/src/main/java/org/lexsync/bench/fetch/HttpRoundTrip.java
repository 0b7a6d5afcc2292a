package org.lexsync.bench.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * The round trip of one small GET at a time (the polite default: one request in flight per host), through the two
 * JDK clients the fetcher could use: {@code java.net.http.HttpClient} as the fetcher configured it before issue 12's
 * change (HTTP/1.1, {@code executor(Runnable::run)}) and the blocking {@link HttpURLConnection} it uses now. Prints,
 * per round, the wall time and this process's CPU per request; the fixture publisher runs in the same JVM, so the CPU
 * includes its side of each exchange for both clients alike.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.fetch.HttpRoundTrip [REQUESTS] [ROUNDS] [virtual|platform]</pre>
 */
public final class HttpRoundTrip {
    private HttpRoundTrip() {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        boolean platform = args.length > 2 && args[2].equals("platform");
        try (FixturePublisher pub = FixturePublisher.builder().resources(2_000).bodyBytes(1_400).seed(7).start()) {
            List<URI> urls = pub.resources().stream().map(FixtureResource::uri).toList();
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Runnable::run).build();
            for (String mode : List.of("HttpClient", "HttpURLConnection", "HttpClient", "HttpURLConnection")) {
                Runnable loop = () -> {
                    for (int round = 0; round < rounds; round++) {
                        long cpu0 = cpu();
                        long t0 = System.nanoTime();
                        long bytes = 0;
                        for (int i = 0; i < requests; i++) {
                            bytes += mode.equals("HttpClient") ? viaHttpClient(client, urls.get(i % urls.size()))
                                    : viaUrlConnection(urls.get(i % urls.size()));
                        }
                        long wall = System.nanoTime() - t0;
                        long used = cpu() - cpu0;
                        System.out.printf(Locale.ROOT, "%-17s round %d: %6.1f µs per request, %6.1f µs CPU, %d bytes%n",
                                mode, round, wall / 1e3 / requests, used / 1e3 / requests, bytes);
                    }
                };
                Thread t = platform ? Thread.ofPlatform().start(loop) : Thread.ofVirtual().start(loop);
                t.join();
            }
        }
    }

    private static long viaHttpClient(HttpClient client, URI url) {
        try {
            HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(url).header("Accept-Encoding", "gzip").build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = r.body()) {
                return in.readAllBytes().length;
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long viaUrlConnection(URI url) {
        try {
            HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection(Proxy.NO_PROXY);
            c.setInstanceFollowRedirects(false);
            c.setRequestProperty("Accept-Encoding", "gzip");
            c.setReadTimeout(30_000);
            int status = c.getResponseCode();
            try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
                return in == null ? 0 : in.readAllBytes().length;
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
