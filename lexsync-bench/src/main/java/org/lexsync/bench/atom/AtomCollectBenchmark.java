package org.lexsync.bench.atom;

import org.lexsync.engine.model.AtomOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.atom.AtomHarvester;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/**
 * Issue 6's benchmark: collects an Atom source of N entries paged into archives of P entries (documents of
 * B bytes: a PDF and an RDF file per entry) from the fixture publisher on loopback with politeness off,
 * into a fresh SQLite store; prints entries/s and the HTTP requests made against the minimum possible
 * (every feed document once, every current document once). Then measures an unchanged re-run and an
 * incremental run of one more page.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.atom.AtomCollectBenchmark \
 *     [--entries 20000] [--page 100] [--bytes 1024] [--per-host 32]</pre>
 */
public final class AtomCollectBenchmark {
    private AtomCollectBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int entries = 20_000;
        int page = 100;
        int bytes = 1024;
        int perHost = 32;
        for (int i = 0; i + 1 < args.length; i += 2) {
            int v = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--entries" -> entries = v;
                case "--page" -> page = v;
                case "--bytes" -> bytes = v;
                case "--per-host" -> perHost = v;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-atom-bench");
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start();
             Store store = Store.open(StoreConfig.of(dir.resolve("data")));
             Fetcher fetcher = Fetcher.builder().politeness(new Politeness(perHost, Duration.ZERO)).ignoreRobots(true)
                     .tempDirectory(store.fileBlobs().tempDirectory()).build()) {
            AtomSource source = AtomSource.register(pub, "/atom", page, bytes).publishNew(entries);
            AtomHarvester harvester = new AtomHarvester();
            HarvestJob job = new HarvestJob("atom-bench", List.of(source.subscriptionUri()), AtomOptions.DEFAULT, false);
            HarvestContext context = new HarvestContext(store, fetcher, Applier.builder(fetcher, store).build(), null);

            long t0 = System.nanoTime();
            HarvestReport plan = harvester.harvest(new HarvestJob(job.sourceId(), job.urls(), AtomOptions.DEFAULT, true), context);
            double planSeconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "planning only (dry run): %d changes from %d feed documents in %.2f s"
                    + " (%.0f entries/s)%n", plan.planned(), plan.documentsRead(), planSeconds, entries / planSeconds);
            pub.clearRequests();

            t0 = System.nanoTime();
            HarvestReport first = harvester.harvest(job, context);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long requests = pub.requests().size();
            long minimum = 1 + source.archives() + 2L * entries;
            System.out.printf(Locale.ROOT, "first collection: %d entries, %d feed documents, complete=%s%n",
                    first.apply().counts().created(), first.documentsRead(), first.complete());
            System.out.printf(Locale.ROOT, "  %.2f s, %.0f entries/s; HTTP requests %d, minimum possible %d (%.3fx)%n",
                    seconds, entries / seconds, requests, minimum, requests / (double) minimum);

            pub.clearRequests();
            t0 = System.nanoTime();
            harvester.harvest(job, context);
            System.out.printf(Locale.ROOT, "unchanged re-run: %.3f s, %d HTTP request(s)%n",
                    (System.nanoTime() - t0) / 1e9, pub.requests().size());

            pub.clearRequests();
            source.publishNew(page);
            t0 = System.nanoTime();
            HarvestReport next = harvester.harvest(job, context);
            System.out.printf(Locale.ROOT, "incremental run (+%d entries): %.3f s, %d created, %d HTTP requests"
                            + " (feed documents read: %d)%n", page, (System.nanoTime() - t0) / 1e9,
                    next.apply().counts().created(), pub.requests().size(), next.documentsRead());
            System.out.printf(Locale.ROOT, "machine: %d cores, java %s, max heap %d MB%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    Runtime.getRuntime().maxMemory() >> 20);
        } finally {
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
