package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.ResourceSyncOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/** A real store, fetcher and applier against a fixture publisher on loopback, for the ResourceSync tests. */
final class RsHarness implements AutoCloseable {
    static final String SOURCE = "rs-test";

    final FixturePublisher pub;
    final Store store;
    final Fetcher fetcher;
    final List<String> notes = new ArrayList<>();

    RsHarness(FixturePublisher pub, Path dataDir) {
        this(pub, dataDir, 1);
    }

    /** A harness whose fetcher tries each request up to {@code tries} times (Retry-After honoured). */
    RsHarness(FixturePublisher pub, Path dataDir, int tries) {
        this.pub = pub;
        this.store = Store.open(StoreConfig.of(dataDir));
        this.fetcher = Fetcher.builder().version("test").politeness(new Politeness(8, Duration.ZERO)).tries(tries)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO).connectTimeout(Duration.ofSeconds(2))
                .readTimeout(Duration.ofSeconds(5)).totalTimeout(Duration.ofSeconds(20))
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    HarvestReport sync(Map<String, String> options) {
        return sync(pub.baseUri(), options);
    }

    HarvestReport sync(URI url, Map<String, String> options) {
        return sync(url, options, new ResourceSyncHarvester());
    }

    /** A sync whose dump packages are held to these bounds. */
    HarvestReport sync(URI url, Map<String, String> options, DumpLimits dumpLimits) {
        return sync(url, options, new ResourceSyncHarvester(XmlLimits.DEFAULT, dumpLimits));
    }

    private HarvestReport sync(URI url, Map<String, String> options, ResourceSyncHarvester harvester) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build();
        HarvestListener listener = new HarvestListener() {
            @Override
            public void note(String message) {
                notes.add(message);
            }
        };
        return harvester.harvest(new HarvestJob(SOURCE, List.of(url), ResourceSyncOptions.fromText(options), false),
                new HarvestContext(store, fetcher, applier, listener));
    }

    static Map<String, String> options(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    Map<String, ResourceState> active() {
        Map<String, ResourceState> state = new HashMap<>();
        store.resources().forEach(SOURCE, false, r -> state.put(r.uri(), r));
        return state;
    }

    List<JournalEntry> journal() {
        List<JournalEntry> rows = new ArrayList<>();
        store.journal().forEachSince(0, SOURCE, 0, rows::add);
        return rows;
    }

    byte[] blob(ResourceState r) throws IOException {
        try (InputStream in = store.blobs().open(r.representations().get(0).blobKey())) {
            return in.readAllBytes();
        }
    }

    /** The store holds exactly the publisher's active resources, byte for byte. */
    void assertMirrorsPublisher() throws IOException {
        Map<String, ResourceState> state = active();
        assertThat(state.keySet()).containsExactlyInAnyOrderElementsOf(
                pub.activeResources().stream().map(r -> r.uri().toString()).toList());
        for (FixtureResource r : pub.activeResources()) {
            ResourceState s = state.get(r.uri().toString());
            assertThat(s.representations().get(0).sha256()).as(r.path()).isEqualTo(r.sha256());
            assertThat(blob(s)).as(r.path()).isEqualTo(r.body());
        }
    }

    long resourceRequests(FixturePublisher server) {
        return server.requests().stream().filter(r -> r.path().startsWith("/eli/")).count();
    }

    @Override
    public void close() {
        fetcher.close();
        store.close();
    }
}
