package org.lexsync.bench.crawler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.portal.CourtListings;

/**
 * Issue 29's figure: a listing-only crawl of the fixture court (metadata in the rows, PDFs linked directly, every
 * tenth row consolidated with the one before) through the facade, politeness off, into a fresh SQLite store: R rows
 * on R/P listing pages. Prints the first crawl's documents/s, then the requests of a re-crawl after 1 % of the rows'
 * PDFs changed against the minimum (every listing page once, one conditional request per held document).
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.crawler.ListingCrawlBenchmark \
 *     [--rows 20000] [--page 100] [--per-host 8]</pre>
 */
public final class ListingCrawlBenchmark {
    private ListingCrawlBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int rows = 20_000;
        int page = 100;
        int perHost = 8;
        for (int i = 0; i + 1 < args.length; i += 2) {
            int v = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--rows" -> rows = v;
                case "--page" -> page = v;
                case "--per-host" -> perHost = v;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-listing-bench");
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            CourtListings court = CourtListings.install(pub, rows, page);
            Path yaml = dir.resolve("lexsync.yaml");
            Files.writeString(yaml, """
                    sources:
                      - id: court
                        protocol: crawler
                        url: %s
                        politeness: {delay: 0, concurrency: %d}
                        crawler:
                          seeds: [opinions?page=1]
                          listing:
                            row: {css: 'table.opinions tr:has(td)'}
                            fields:
                              docket: {css: td.docket, required: true, transforms: [{replace: [{regex: '^No\\.\\s*', with: ''}]}]}
                              title: {css: 'td a', required: true}
                              date: {date-from: preceding-heading, date-format: 'MMMM d, yyyy', required: true}
                              judge: {css: td.judge, transforms: [collapse-whitespace, title-case]}
                              id: {template: 'opinion-{docket}'}
                            item: {css: 'td a'}
                            next: {css: a.next}
                    """.formatted(pub.uri(CourtListings.PREFIX + "/"), perHost), StandardCharsets.UTF_8);
            try (LexSync lexsync = LexSync.builder(dir.resolve("data"))
                    .politeness(new Politeness(perHost, Duration.ZERO)).ignoreRobots(true).build()) {
                for (Source s : LexSync.readConfig(yaml)) {
                    lexsync.register(s);
                }
                long documents = rows - rows / 10;
                long listingPages = (rows + page - 1) / page;
                pub.clearRequests();
                long t0 = System.nanoTime();
                HarvestReport first = lexsync.harvest("court");
                double seconds = (System.nanoTime() - t0) / 1e9;
                RunCounts c = first.apply().counts();
                System.out.printf(Locale.ROOT, "first crawl: %d rows on %d pages, %d documents created, complete=%s%n",
                        rows, listingPages, c.created(), first.complete());
                System.out.printf(Locale.ROOT, "  %.2f s, %.0f documents/s; HTTP requests %d (minimum %d)%n", seconds,
                        c.created() / seconds, pub.requests().size(), listingPages + documents);

                int changed = Math.max(1, rows / 100);
                for (int i = 0; i < changed; i++) {
                    int n = 1 + i * (rows / changed);
                    court.revise(n % 10 == 0 ? n + 1 : n);
                }
                pub.clearRequests();
                t0 = System.nanoTime();
                HarvestReport again = lexsync.harvest("court");
                seconds = (System.nanoTime() - t0) / 1e9;
                c = again.apply().counts();
                long requests = pub.requests().size();
                long minimum = listingPages + documents;
                long bodies = pub.requests().stream().filter(r -> r.status() == 200).count();
                System.out.printf(Locale.ROOT, "re-crawl, %d rows (1 %%) changed: created %d, updated %d, deleted %d,"
                        + " unchanged %d%n", changed, c.created(), c.updated(), c.deleted(), c.unchanged());
                System.out.printf(Locale.ROOT, "  %.2f s; HTTP requests %d, minimum %d (%.3fx); bodies sent %d"
                        + " (%d listing pages + %d changed documents)%n", seconds, requests, minimum, requests / (double) minimum,
                        bodies, listingPages, changed);
            }
        } finally {
            TempFiles.deleteTreeQuietly(dir);
        }
    }
}
