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
import org.lexsync.fixture.portal.LegalPortal;

/**
 * Issue 17's benchmark: crawls the fixture legal portal with the pure-YAML crawler through the facade, politeness
 * off, into a fresh SQLite store: N acts of 4 documents each (the detail page, an HTML, a PDF and a DOC of B bytes),
 * P acts a listing page. Prints documents/s of the first crawl, then the requests and time of a re-crawl after 1 % of
 * the acts changed, against the minimum the portal allows (every listing page once, and one request per held
 * document: the portal offers validators but no change list, so each document must be asked about once).
 *
 * <pre>java -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.crawler.CrawlBenchmark \
 *     [--acts 5000] [--page 100] [--bytes 2048] [--per-host 8]</pre>
 */
public final class CrawlBenchmark {
    private CrawlBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int acts = 5_000;
        int page = 100;
        int bytes = 2048;
        int perHost = 8;
        for (int i = 0; i + 1 < args.length; i += 2) {
            int v = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--acts" -> acts = v;
                case "--page" -> page = v;
                case "--bytes" -> bytes = v;
                case "--per-host" -> perHost = v;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("lexsync-crawl-bench");
        try {
            try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
                LegalPortal portal = LegalPortal.install(pub, acts, 0, page, bytes);
                Path yaml = dir.resolve("lexsync.yaml");
                Files.writeString(yaml, """
                        sources:
                          - id: portal
                            protocol: crawler
                            url: %s
                            politeness: {delay: 0, concurrency: %d}
                            crawler:
                              seeds: ['acts?page=1']
                              listing: {item: 'ul.results a.act', next: a.next}
                              detail:
                                fields:
                                  id: {css: .number, required: true}
                                  title: {css: h1.title, required: true}
                                  date: {css: .date, date-format: dd.MM.yyyy}
                                attachments: {css: a.file}
                        """.formatted(pub.uri(LegalPortal.PREFIX + "/"), perHost), StandardCharsets.UTF_8);
                try (LexSync lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(perHost, Duration.ZERO))
                        .ignoreRobots(true).build()) {
                    for (Source s : LexSync.readConfig(yaml)) {
                        lexsync.register(s);
                    }
                    long documents = acts * 4L;
                    long listingPages = (acts + page - 1) / page;
                    pub.clearRequests();
                    long t0 = System.nanoTime();
                    HarvestReport first = lexsync.harvest("portal");
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    RunCounts c = first.apply().counts();
                    System.out.printf(Locale.ROOT, "first crawl: %d acts, %d documents created, complete=%s%n", acts,
                            c.created(), first.complete());
                    System.out.printf(Locale.ROOT, "  %.2f s, %.0f documents/s; HTTP requests %d (minimum %d)%n", seconds,
                            c.created() / seconds, pub.requests().size(), listingPages + documents);

                    int changed = Math.max(1, acts / 100);
                    for (int i = 0; i < changed; i++) {
                        portal.update(1 + i * (acts / changed));
                    }
                    pub.clearRequests();
                    t0 = System.nanoTime();
                    HarvestReport again = lexsync.harvest("portal");
                    seconds = (System.nanoTime() - t0) / 1e9;
                    c = again.apply().counts();
                    long requests = pub.requests().size();
                    long minimum = listingPages + documents;
                    long bodies = pub.requests().stream().filter(r -> r.status() == 200).count();
                    System.out.printf(Locale.ROOT, "re-crawl, %d acts (1 %%) changed: created %d, updated %d, deleted %d,"
                            + " unchanged %d%n", changed, c.created(), c.updated(), c.deleted(), c.unchanged());
                    System.out.printf(Locale.ROOT, "  %.2f s; HTTP requests %d, minimum %d (%.3fx); bodies sent %d (%d listing"
                            + " pages + %d changed documents)%n", seconds, requests, minimum, requests / (double) minimum,
                            bodies, listingPages, changed * 3L);
                }
            }
        } finally {
            TempFiles.deleteTreeQuietly(dir);
        }
    }
}
