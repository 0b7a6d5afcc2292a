package org.lexsync.engine.atom;

import org.lexsync.engine.model.AtomOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.harvest.JournalChecks;
import org.lexsync.engine.harvest.LiveStep;
import org.lexsync.engine.harvest.RunStory;
import org.lexsync.engine.harvest.StoreDiff;
import org.lexsync.engine.harvest.Watchdog;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.LiveScript;
import org.lexsync.fixture.atom.AtomSource;

/**
 * One live-source scenario against the fixture Atom source with archives (rinfo, RFC 5005; docs/architecture.md,
 * invariants 6–7): a first collection and two more while the source publishes, corrects (the same entry again and
 * again) and withdraws entries — one step after every {@code every} requests, so archives fill up and pages move while
 * the chain is walked — then, once the changes stop, at most two more collections. Asserts after every run that the
 * store holds only documents the source published for each entry, after the last that the store equals the source, and
 * that the journal has no duplicate row. With stable document URLs an older entry's md5 no longer matches what its URL
 * serves.
 */
final class LiveAtomScenario {
    private static final String SOURCE = "atom-live";

    private final boolean stableUrls;
    private final int initial;
    private final int every;
    private final List<LiveStep> steps;
    private final Path dir;
    private final RunStory log;

    LiveAtomScenario(boolean stableUrls, int initial, int every, List<LiveStep> steps, Path dir) {
        this.stableUrls = stableUrls;
        this.initial = initial;
        this.every = every;
        this.steps = List.copyOf(steps);
        this.dir = dir;
        this.log = new RunStory("script " + steps + ", a step every " + every + " requests, " + initial
                + " entries at start, 3 per archive, " + (stableUrls ? "stable" : "per-version") + " document URLs");
    }

    /**
     * Runs the scenario; an AssertionError names the broken rule and tells the runs. Returns the try's
     * {@link RunStory#coverage()}.
     */
    String check() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start();
             Store store = Store.open(StoreConfig.of(dir.resolve("data")));
             Fetcher fetcher = Fetcher.builder().version("test").politeness(new Politeness(1, Duration.ZERO))
                     .ignoreRobots(true).tries(1).backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                     .connectTimeout(Duration.ofSeconds(2)).readTimeout(Duration.ofSeconds(5))
                     .totalTimeout(Duration.ofSeconds(20)).tempDirectory(store.fileBlobs().tempDirectory()).build()) {
            AtomSource source = AtomSource.register(pub, "/atom", 3, 200).stableDocumentUrls(stableUrls);
            source.publishNew(initial);
            List<Runnable> changes = steps.stream().map(s -> (Runnable) () -> make(s, pub, source)).toList();
            LiveScript live = LiveScript.every(every, changes);
            pub.onArrival(live);
            syncWhileLive("first collection", source, store, fetcher);
            syncWhileLive("collection 2", source, store, fetcher);
            syncWhileLive("collection 3", source, store, fetcher);
            pub.onArrival(null);
            int left = live.drain();
            pub.faults().clear();
            log.add(String.format(Locale.ROOT, "%d of %d steps made while collecting, %d after", steps.size() - left,
                    steps.size(), left));
            StoreDiff diff = null;
            for (int run = 1; run <= 2 && (diff == null || !diff.inSync()); run++) {
                log.ran("after the changes stopped, run " + run, sync(source, store, fetcher));
                assertOnlyPublishedBytes(source, store);
                diff = diff(source, store);
                log.add("  store vs source: " + diff);
            }
            assertThat(diff.inSync()).as("the store equals the source at most two runs after the changes stop%n%s",
                    log).isTrue();
            List<JournalEntry> rows = new ArrayList<>();
            store.journal().forEachSince(0, SOURCE, 0, rows::add);
            assertThat(JournalChecks.duplicates(rows)).as("journal rows repeated%n%s", log).isEmpty();
            return log.coverage();
        }
    }

    private void syncWhileLive(String what, AtomSource source, Store store, Fetcher fetcher) {
        try {
            log.ran(what + " while the source changes", sync(source, store, fetcher));
        } catch (RuntimeException e) {
            // A run may fail while its source changes under it; only the runs after the changes stop must converge.
            log.add(what + " while the source changes: threw " + e);
        }
        assertOnlyPublishedBytes(source, store);
    }

    private HarvestReport sync(AtomSource source, Store store, Fetcher fetcher) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build();
        return Watchdog.call(Duration.ofSeconds(60), log::toString, () -> Harvesters.forProtocol("atom").orElseThrow()
                .harvest(new HarvestJob(SOURCE, List.of(source.subscriptionUri()), AtomOptions.DEFAULT, false),
                        new HarvestContext(store, fetcher, applier, null)));
    }

    private static void make(LiveStep step, FixturePublisher pub, AtomSource source) {
        List<String> active = new ArrayList<>(source.active().keySet());
        switch (step) {
            case LiveStep.Create c -> source.publishNew(1);
            case LiveStep.Update u -> {
                if (active.isEmpty()) {
                    source.publishNew(1);
                } else {
                    source.update(active.get(u.pick() % active.size()));
                }
            }
            case LiveStep.Delete d -> {
                if (!active.isEmpty()) {
                    source.delete(active.get(d.pick() % active.size()));
                }
            }
            case LiveStep.Corrupt c -> pub.faults().add("/atom/doc/*", new Fault.CorruptBody(), 1);
            case LiveStep.CloseList c -> {
                // an Atom source has no change document to close; its archives fill up by themselves
            }
        }
    }

    /** Nothing unverified became current: every stored document is one the source published for that entry. */
    private void assertOnlyPublishedBytes(AtomSource source, Store store) {
        List<String> foreign = new ArrayList<>();
        store.resources().forEach(SOURCE, true, r -> {
            Set<String> published = source.publishedSha256(r.uri());
            for (RepresentationState f : r.representations()) {
                if (!published.contains(f.sha256())) {
                    foreign.add(r.uri() + " holds " + f.url() + " with sha-256 " + f.sha256());
                }
            }
        });
        assertThat(foreign).as("stored documents the source never published%n%s", log).isEmpty();
    }

    private static StoreDiff diff(AtomSource source, Store store) {
        Map<String, ResourceState> held = new HashMap<>();
        store.resources().forEach(SOURCE, false, r -> held.put(r.uri(), r));
        List<String> missing = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (String id : source.active().keySet()) {
            ResourceState s = held.get(id);
            if (s == null) {
                missing.add(id);
                continue;
            }
            Set<String> want = new TreeSet<>();
            for (Map.Entry<URI, byte[]> doc : source.currentDocuments(id).entrySet()) {
                want.add(HashAlgorithm.SHA_256.hex(doc.getValue()));
            }
            Set<String> have = new TreeSet<>();
            s.representations().forEach(f -> have.add(f.sha256()));
            if (!want.equals(have)) {
                wrong.add(id);
            }
        }
        List<String> extra = held.keySet().stream().filter(id -> !source.active().containsKey(id)).sorted().toList();
        return new StoreDiff(missing, extra, wrong);
    }
}
