package org.lexsync.engine.eli;

import org.lexsync.engine.model.EliOptions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.eli.EliProvider;

/**
 * A fixture ELI provider, a store and a delay-free fetcher, for harvesting over loopback in tests; the graphs go to
 * the data directory's TDB2, or to a remote SPARQL store when the harness is given its endpoint.
 */
final class EliHarness implements AutoCloseable {
    static final String SOURCE = "eli-test";

    final FixturePublisher pub;
    final EliProvider provider;
    final Path dataDir;
    final Store store;
    final Fetcher fetcher;
    final List<String> notes = new ArrayList<>();
    /** What the harvester told its listener, in order: "expected N" and "applied M" (committed changes). */
    final List<String> progress = new ArrayList<>();
    /** The remote SPARQL store the graphs go to, or null for the data directory's TDB2. */
    final URI rdfEndpoint;
    /** Run on the harvest's thread each time the harvester reports committed changes (a fault injected mid-way). */
    volatile Runnable onApplied = () -> { };

    EliHarness(Path dir, EliProvider.Builder provider) {
        this(dir, provider, Duration.ZERO);
    }

    EliHarness(Path dir, EliProvider.Builder provider, Duration delay) {
        this(dir, provider, delay, null);
    }

    EliHarness(Path dir, EliProvider.Builder provider, Duration delay, URI rdfEndpoint) {
        this.rdfEndpoint = rdfEndpoint;
        pub = FixturePublisher.builder().resources(0).start();
        this.provider = provider.build().register(pub);
        dataDir = dir.resolve("data");
        store = Store.open(StoreConfig.of(dataDir));
        fetcher = Fetcher.builder().politeness(new Politeness(1, delay)).ignoreRobots(true).tries(1)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    HarvestReport sync() {
        return sync(Map.of(), false);
    }

    HarvestReport sync(Map<String, String> options, boolean dryRun) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).attempts(1).build();
        HarvestListener listener = new HarvestListener() {
            @Override
            public void note(String message) {
                notes.add(message);
            }

            @Override
            public void expected(long changes) {
                progress.add("expected " + changes);
            }

            @Override
            public void applied(org.lexsync.engine.model.ApplyProgress p) {
                progress.add("applied " + p.committed());
                onApplied.run();
            }
        };
        HarvestJob job = new HarvestJob(SOURCE, List.of(provider.sitemapUrl(), provider.feedUrl()),
                EliOptions.fromText(options), dryRun);
        if (rdfEndpoint == null) {
            return new EliHarvester().harvest(job, new HarvestContext(store, fetcher, applier, listener));
        }
        try (RdfStore remote = RdfStore.remote(rdfEndpoint)) {
            return new EliHarvester().harvest(job, new HarvestContext(store, fetcher, applier, listener, () -> remote));
        }
    }

    /** Active resources with their source timestamp, by URI. */
    Map<String, String> active() {
        Map<String, String> out = new TreeMap<>();
        store.resources().forEach(SOURCE, false, r -> out.put(r.uri(), String.valueOf(r.sourceTimestamp())));
        return out;
    }

    ResourceState resource(String uri) {
        return store.resources().get(SOURCE, uri).orElseThrow();
    }

    List<JournalEntry> journal() {
        List<JournalEntry> out = new ArrayList<>();
        store.journal().forEachSince(0, SOURCE, 0, out::add);
        return out;
    }

    /** Requests for the ELIs themselves (the Pillar III pages), in arrival order. */
    List<RecordedRequest> pageRequests() {
        return pub.requests().stream().filter(r -> r.path().matches("/eli/act/\\d+/\\d+/oj")).toList();
    }

    /** Opens the RDF store the harvests write (close it before the next harvest). */
    RdfStore rdf() {
        return rdfEndpoint == null ? RdfStore.open(dataDir) : RdfStore.remote(rdfEndpoint);
    }

    @Override
    public void close() {
        fetcher.close();
        store.close();
        pub.close();
    }
}
