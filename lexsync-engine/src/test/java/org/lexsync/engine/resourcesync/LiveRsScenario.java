package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.ResourceSyncOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.LiveScript;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * One live-source scenario against the fixture ResourceSync Source (docs/architecture.md, invariants 6–7): a baseline
 * and two incremental syncs while the source makes the script's changes (one after every {@code every} requests for
 * lists, dumps or resources; a download corrupted in transit is one of them), then, once the changes stop, at most two
 * more syncs. Asserts after every sync that the store holds only bytes the source really published for each URI
 * (nothing unverified became current), after the last one that the store equals the source byte for byte, and that the
 * journal has no duplicate row. The source promises the hash and length of every version in its Change Lists, as live
 * sources do.
 */
final class LiveRsScenario {
    private static final String SOURCE = "rs-live";

    /** The incremental route under test (ResourceSync §12 or §13). */
    enum Feed { CHANGE_LIST, CHANGE_DUMP }

    private final Feed feed;
    private final int initial;
    private final int every;
    private final List<LiveStep> steps;
    private final Path dir;
    private final RunStory log;

    LiveRsScenario(Feed feed, int initial, int every, List<LiveStep> steps, Path dir) {
        this.feed = feed;
        this.initial = initial;
        this.every = every;
        this.steps = List.copyOf(steps);
        this.dir = dir;
        this.log = new RunStory("script " + steps + ", a step every " + every + " requests, " + initial
                + " resources at start, " + feed);
    }

    /**
     * Runs the scenario; an AssertionError names the broken rule and tells the runs. Returns the try's
     * {@link RunStory#coverage()}.
     */
    String check() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(initial).seed(7).bodyBytes(256).start();
             ResourceSyncSource source = ResourceSyncSource.builder(pub).promiseEveryVersion(true)
                     .resourceDump(feed == Feed.CHANGE_DUMP).changeList(feed == Feed.CHANGE_LIST)
                     .changeDump(feed == Feed.CHANGE_DUMP).install();
             Store store = Store.open(StoreConfig.of(dir.resolve("data")));
             Fetcher fetcher = Fetcher.builder().version("test").politeness(new Politeness(1, Duration.ZERO))
                     .ignoreRobots(true).tries(1).backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                     .connectTimeout(Duration.ofSeconds(2)).readTimeout(Duration.ofSeconds(5))
                     .totalTimeout(Duration.ofSeconds(20)).tempDirectory(store.fileBlobs().tempDirectory()).build()) {
            List<Runnable> changes = steps.stream().map(s -> (Runnable) () -> make(s, pub, source)).toList();
            LiveScript live = LiveScript.every(every, LiveRsScenario::counted, changes);
            pub.onArrival(live);
            syncWhileLive("baseline", pub, store, fetcher);
            syncWhileLive("incremental 1", pub, store, fetcher);
            syncWhileLive("incremental 2", pub, store, fetcher);
            pub.onArrival(null);
            int left = live.drain();
            pub.faults().clear();
            log.add(String.format(Locale.ROOT, "%d of %d steps made while syncing, %d after", steps.size() - left,
                    steps.size(), left));
            StoreDiff diff = null;
            for (int run = 1; run <= 2 && (diff == null || !diff.inSync()); run++) {
                HarvestReport r = sync(pub, store, fetcher);
                log.ran("after the changes stopped, run " + run, r);
                assertOnlyPublishedBytes(pub, store);
                diff = diff(pub, store);
                log.add("  store vs source: " + diff);
            }
            assertThat(diff.inSync()).as("the store equals the source at most two runs after the changes stop%n%s",
                    story()).isTrue();
            List<JournalEntry> dups = JournalChecks.duplicates(journal(store));
            assertThat(dups).as("journal rows repeated%n%s", story()).isEmpty();
            return log.coverage();
        }
    }

    /**
     * Discovery documents do not count: steps then fall after the client has read a list or dump and
     * before it reads the next one, where a resource changed twice is listed twice.
     */
    private static boolean counted(String path) {
        return !path.startsWith("/.well-known/") && !path.endsWith("/capabilitylist.xml");
    }

    private void syncWhileLive(String what, FixturePublisher pub, Store store, Fetcher fetcher) {
        try {
            log.ran(what + " while the source changes", sync(pub, store, fetcher));
        } catch (RuntimeException e) {
            // A run may fail while its source changes under it; only the runs after the changes stop must converge.
            log.add(what + " while the source changes: threw " + e);
        }
        assertOnlyPublishedBytes(pub, store);
    }

    private HarvestReport sync(FixturePublisher pub, Store store, Fetcher fetcher) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build();
        return Watchdog.call(Duration.ofSeconds(60), this::story, () -> Harvesters.forProtocol("resourcesync")
                .orElseThrow().harvest(new HarvestJob(SOURCE, List.of(pub.baseUri()), ResourceSyncOptions.DEFAULT, false),
                        new HarvestContext(store, fetcher, applier, null)));
    }

    private String story() {
        return log.toString();
    }

    private void make(LiveStep step, FixturePublisher pub, ResourceSyncSource source) {
        List<FixtureResource> active = pub.activeResources();
        switch (step) {
            case LiveStep.Create c -> pub.applyChanges(ChangeScript.builder().create().build());
            case LiveStep.Update u -> pub.applyChanges(active.isEmpty() ? ChangeScript.builder().create().build()
                    : ChangeScript.builder().update(active.get(u.pick() % active.size()).path()).build());
            case LiveStep.Delete d -> {
                if (!active.isEmpty()) {
                    pub.applyChanges(ChangeScript.builder().delete(active.get(d.pick() % active.size()).path()).build());
                }
            }
            case LiveStep.CloseList c -> source.closeChangeList();
            case LiveStep.Corrupt c -> pub.faults().add(feed == Feed.CHANGE_DUMP ? "/rs/*.zip" : "/eli/*",
                    new Fault.CorruptBody(), 1);
        }
    }

    /** Nothing unverified became current: every stored file is a version the source served for that URI. */
    private void assertOnlyPublishedBytes(FixturePublisher pub, Store store) {
        List<String> foreign = new ArrayList<>();
        store.resources().forEach(SOURCE, true, r -> {
            List<String> published = pub.publishedSha256(URI.create(r.uri()).getPath());
            for (RepresentationState f : r.representations()) {
                if (!published.contains(f.sha256())) {
                    foreign.add(r.uri() + " holds sha-256 " + f.sha256());
                }
            }
        });
        assertThat(foreign).as("stored bytes the source never published%n%s", story()).isEmpty();
    }

    private static StoreDiff diff(FixturePublisher pub, Store store) {
        Map<String, ResourceState> held = new HashMap<>();
        store.resources().forEach(SOURCE, false, r -> held.put(r.uri(), r));
        List<String> missing = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        Set<String> expected = new HashSet<>();
        for (FixtureResource r : pub.activeResources()) {
            String uri = r.uri().toString();
            expected.add(uri);
            ResourceState s = held.get(uri);
            if (s == null) {
                missing.add(r.path());
            } else if (s.representations().size() != 1 || !s.representations().get(0).sha256().equals(r.sha256())
                    || !Arrays.equals(bytes(store, s.representations().get(0)), r.body())) {
                wrong.add(r.path() + " v" + r.version());
            }
        }
        List<String> extra = held.keySet().stream().filter(u -> !expected.contains(u)).map(u -> URI.create(u).getPath())
                .sorted().toList();
        return new StoreDiff(missing, extra, wrong);
    }

    private static byte[] bytes(Store store, RepresentationState f) {
        try (InputStream in = store.blobs().open(f.blobKey())) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JournalEntry> journal(Store store) {
        List<JournalEntry> rows = new ArrayList<>();
        store.journal().forEachSince(0, SOURCE, 0, rows::add);
        return rows;
    }
}
