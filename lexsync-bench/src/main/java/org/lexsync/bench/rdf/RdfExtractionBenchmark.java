package org.lexsync.bench.rdf;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.rdf.ExtractedMetadata;
import org.lexsync.engine.rdf.GraphReplacement;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Pillar III metadata throughput on one core (the RDF issue's target: at least 500 pages/s): RDFa + JSON-LD
 * extraction of realistic ~30 KB ELI pages (~60 triples, {@link SamplePages}), alone and followed by the
 * replacement of the resource's named graph in a TDB2 store in a temp directory. Scores are pages/s.
 * {@code extractAndReplace} commits one write transaction per page, {@code extractAndReplaceBatched} 32 pages
 * per transaction (a small applier batch), {@code extractAndReplaceHarvestBatch} {@value #HARVEST_BATCH} pages
 * per transaction, the batch the ELI harvester's graph writer ({@code GraphSync}) queues up to. Every page goes to a graph not yet in the store (the initial
 * harvest, ELI Pillar IV annex §4.1 step 2), so the store grows during the run; re-harvesting an unchanged
 * page is cheaper, since {@link RdfStore} writes only the triples that changed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-XX:ActiveProcessorCount=1"})
public class RdfExtractionBenchmark {
    private static final int PAGES = 256;
    private static final int BATCH = 32;
    private static final int HARVEST_BATCH = 256;
    private static final W3cDateTime LASTMOD = W3cDateTime.of(Instant.parse("2024-03-13T08:00:00Z"));

    private final PageMetadataExtractor extractor = new PageMetadataExtractor();
    private byte[][] pages;
    private URI[] urls;
    private Path dataDir;
    private RdfStore store;
    private int next;
    private long harvested;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        pages = new byte[PAGES][];
        urls = new URI[PAGES];
        for (int i = 0; i < PAGES; i++) {
            pages[i] = SamplePages.page(i);
            urls[i] = URI.create(SamplePages.pageUrl(i));
        }
        ExtractedMetadata sample = extractor.extract(pages[0], urls[0], null);
        if (sample.size() < 55 || sample.findings().hasErrors()) {
            throw new IllegalStateException("sample page yields " + sample.size() + " triples, findings "
                    + sample.findings());
        }
        System.out.printf(java.util.Locale.ROOT, "%nsample page: %d bytes, %d triples (%d RDFa, %d JSON-LD)%n",
                pages[0].length, sample.size(), sample.rdfaTriples(), sample.jsonLdTriples());
        dataDir = Files.createTempDirectory("lexsync-rdf-bench");
        store = RdfStore.open(dataDir);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(dataDir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private int nextPage() {
        int i = next;
        next = (next + 1) % PAGES;
        return i;
    }

    /** A new graph name for every page stored: the ELI of the page plus a harvest counter. */
    private String graphName(int page) {
        return SamplePages.eli(page) + "/h" + harvested++;
    }

    @Benchmark
    public int extract() {
        int i = nextPage();
        return extractor.extract(pages[i], urls[i], null).size();
    }

    @Benchmark
    public int extractAndReplace() {
        int i = nextPage();
        ExtractedMetadata m = extractor.extract(pages[i], urls[i], null);
        store.replaceGraph(graphName(i), m.graph(), LASTMOD, Instant.now());
        return m.size();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int extractAndReplaceBatched() {
        return extractAndReplace(BATCH);
    }

    @Benchmark
    @OperationsPerInvocation(HARVEST_BATCH)
    public int extractAndReplaceHarvestBatch() {
        return extractAndReplace(HARVEST_BATCH);
    }

    private int extractAndReplace(int pagesPerTransaction) {
        List<GraphReplacement> batch = new ArrayList<>(pagesPerTransaction);
        int triples = 0;
        Instant now = Instant.now();
        for (int k = 0; k < pagesPerTransaction; k++) {
            int i = nextPage();
            ExtractedMetadata m = extractor.extract(pages[i], urls[i], null);
            batch.add(new GraphReplacement(graphName(i), m.graph(), LASTMOD, now));
            triples += m.size();
        }
        store.replaceGraphs(batch);
        return triples;
    }
}
