package org.lexsync.bench.eli;

import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.model.EliOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.eli.EliHarvester;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.eli.EliProvider;

/**
 * Issue 5's benchmark: an ELI Pillar IV baseline (annex §4.1 steps 2-3) of N ELIs from the fixture provider
 * on loopback (Sitemap Index over Sitemaps of P entries, every second one gzipped) with the politeness delay
 * off, into a fresh store (SQLite + blobs + TDB2); then an unchanged re-run and a daily run after U updates
 * and U new acts. Prints ELIs/s, HTTP requests and the heap in use.
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.eli.EliBaselineBenchmark \
 *     [--acts 5000] [--per-sitemap 1000] [--updates 50] [--full-text none|first|all]</pre>
 */
public final class EliBaselineBenchmark {
    private EliBaselineBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int acts = 5000;
        int perSitemap = 1000;
        int updates = 50;
        String fullText = "none";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--acts" -> acts = Integer.parseInt(args[i + 1]);
                case "--per-sitemap" -> perSitemap = Integer.parseInt(args[i + 1]);
                case "--updates" -> updates = Integer.parseInt(args[i + 1]);
                case "--full-text" -> fullText = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-eli-bench");
        try {
            try (FixturePublisher pub = FixturePublisher.builder().resources(0).start();
                 Store store = Store.open(StoreConfig.of(dir.resolve("data")));
                 Fetcher fetcher = Fetcher.builder().politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true)
                         .tempDirectory(store.fileBlobs().tempDirectory()).build()) {
                EliProvider provider = EliProvider.builder().acts(acts).perSitemap(perSitemap).build().register(pub);
                HarvestJob job = new HarvestJob("eli-bench", List.of(provider.sitemapUrl(), provider.feedUrl()),
                        EliOptions.fromText(Map.of(EliOptions.KEY_FULL_TEXT, fullText)), false);
                HarvestContext context = new HarvestContext(store, fetcher, Applier.builder(fetcher, store).build(), null);
                EliHarvester harvester = new EliHarvester();

                long t0 = System.nanoTime();
                HarvestReport baseline = harvester.harvest(job, context);
                double seconds = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "baseline: %d ELIs created, %d source documents, complete=%s, full text %s%n",
                        baseline.apply().counts().created(), baseline.documentsRead(), baseline.complete(), fullText);
                System.out.printf(Locale.ROOT, "  %.2f s, %.0f ELIs/s; HTTP requests %d; heap in use %d MB%n", seconds,
                        acts / seconds, pub.requests().size(), heapMb());

                pub.clearRequests();
                t0 = System.nanoTime();
                HarvestReport again = harvester.harvest(job, context);
                System.out.printf(Locale.ROOT, "unchanged re-run: %.2f s, %d HTTP requests, %d planned%n",
                        (System.nanoTime() - t0) / 1e9, pub.requests().size(), again.planned());

                int[] numbers = new int[updates];
                for (int i = 0; i < updates; i++) {
                    numbers[i] = 1 + i * Math.max(1, acts / Math.max(1, updates));
                }
                provider.update(numbers);
                provider.add(updates);
                pub.clearRequests();
                t0 = System.nanoTime();
                HarvestReport daily = harvester.harvest(job, context);
                System.out.printf(Locale.ROOT, "daily run after %d updates + %d new: %.2f s, %d HTTP requests, created %d,"
                                + " updated %d%n", updates, updates, (System.nanoTime() - t0) / 1e9, pub.requests().size(),
                        daily.apply().counts().created(), daily.apply().counts().updated());
            }
            try (RdfStore rdf = RdfStore.open(dir.resolve("data"))) {
                System.out.printf(Locale.ROOT, "named graphs in the store: %d%n", rdf.graphCount());
            }
        } finally {
            TempFiles.deleteTreeQuietly(dir);
        }
    }

    private static long heapMb() {
        Runtime rt = Runtime.getRuntime();
        return (rt.totalMemory() - rt.freeMemory()) / (1024 * 1024);
    }
}
