package org.lexsync.bench.apply;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * Splits issue 3's end-to-end figure: GETs every fixture document once with a bare JDK {@link HttpClient}
 * (the ceiling of the HTTP stack on this machine) and once through LexSync's {@link Fetcher} (politeness,
 * redirects, temp file, digests), both with the same number of requests in flight, and prints requests/s.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.apply.FetchThroughput [N] [IN_FLIGHT] [TEMP_PARENT]</pre>
 *
 * <p>TEMP_PARENT (default: the JVM's temp directory) is where the fetcher writes bodies; comparing a disk
 * directory with {@code /dev/shm} shows what the temp file per body costs.
 */
public final class FetchThroughput {
    private FetchThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int inFlight = args.length > 1 ? Integer.parseInt(args[1]) : 32;
        Path tmp = args.length > 2 ? Files.createTempDirectory(Path.of(args[2]), "lexsync-fetch-bench")
                : Files.createTempDirectory("lexsync-fetch-bench");
        try (FixturePublisher pub = FixturePublisher.builder().resources(n).bodyBytes(1024).seed(1).start()) {
            List<FixtureResource> all = pub.resources();
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            Semaphore slots = new Semaphore(inFlight);
            double raw = timed(all, r -> {
                slots.acquire();
                try {
                    client.send(HttpRequest.newBuilder(r.uri()).build(), HttpResponse.BodyHandlers.ofByteArray());
                } finally {
                    slots.release();
                }
            });
            System.out.printf(Locale.ROOT, "bare HttpClient: %d GETs, %d in flight: %.0f requests/s%n", all.size(), inFlight,
                    all.size() / raw);
            try (Fetcher fetcher = Fetcher.builder().politeness(new Politeness(inFlight, Duration.ZERO))
                    .globalConcurrency(inFlight).ignoreRobots(true).tempDirectory(tmp).build()) {
                double fetched = timed(all, r -> {
                    if (fetcher.fetch(FetchRequest.of(r.uri())) instanceof FetchResult.Fetched f) {
                        Files.delete(f.body());
                    }
                });
                System.out.printf(Locale.ROOT, "LexSync Fetcher: %d GETs, %d in flight: %.0f requests/s%n", all.size(),
                        inFlight, all.size() / fetched);
            }
        } finally {
            TempFiles.deleteTreeQuietly(tmp);
        }
    }

    private interface Task {
        void run(FixtureResource r) throws IOException, InterruptedException;
    }

    private static double timed(List<FixtureResource> all, Task task) throws Exception {
        long start = System.nanoTime();
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> futures = new ArrayList<>(all.size());
            for (FixtureResource r : all) {
                futures.add(ex.submit(() -> {
                    task.run(r);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
