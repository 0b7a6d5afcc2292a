package org.lexsync.engine.eli;

import org.lexsync.engine.model.EliOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.LiveScript;
import org.lexsync.fixture.eli.EliAct;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.fixture.eli.EliVersions;

/**
 * One live-source scenario against the fixture ELI provider (ELI Pillar IV §4.1; docs/architecture.md, invariants 6–7):
 * the Sitemap baseline and two daily runs from the update feed while the provider publishes new acts and new versions
 * of the same acts again and again (one step after every {@code every} requests), then, once the changes stop, at most
 * two more runs. Asserts after every run that each stored page is a version the provider served for that ELI, after the
 * last that the store equals the provider, and that the journal has no duplicate row. Withdrawn acts are not scripted:
 * the update feed cannot announce them (only a Sitemap resync finds them gone).
 */
final class LiveEliScenario {
    private static final String SOURCE = "eli-live";

    private final int initial;
    private final int every;
    private final List<LiveStep> steps;
    private final Path dir;
    private final RunStory log;

    LiveEliScenario(int initial, int every, List<LiveStep> steps, Path dir) {
        this.initial = initial;
        this.every = every;
        this.steps = List.copyOf(steps);
        this.dir = dir;
        this.log = new RunStory("script " + steps + ", a step every " + every + " requests, " + initial
                + " acts at start, 3 per Sitemap");
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
            EliProvider provider = EliProvider.builder().acts(initial).perSitemap(3).build().register(pub);
            List<Runnable> changes = steps.stream().map(s -> (Runnable) () -> make(s, provider)).toList();
            LiveScript live = LiveScript.every(every, changes);
            pub.onArrival(live);
            syncWhileLive("Sitemap baseline", pub, provider, store, fetcher);
            syncWhileLive("daily run 1", pub, provider, store, fetcher);
            syncWhileLive("daily run 2", pub, provider, store, fetcher);
            pub.onArrival(null);
            int left = live.drain();
            log.add(String.format(Locale.ROOT, "%d of %d steps made while syncing, %d after", steps.size() - left,
                    steps.size(), left));
            StoreDiff diff = null;
            for (int run = 1; run <= 2 && (diff == null || !diff.inSync()); run++) {
                log.ran("after the changes stopped, run " + run, sync(provider, store, fetcher));
                assertOnlyPublishedBytes(pub, provider, store);
                diff = diff(pub, provider, store);
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

    private void syncWhileLive(String what, FixturePublisher pub, EliProvider provider, Store store, Fetcher fetcher) {
        try {
            log.ran(what + " while the provider changes", sync(provider, store, fetcher));
        } catch (RuntimeException e) {
            // A run may fail while its source changes under it; only the runs after the changes stop must converge.
            log.add(what + " while the provider changes: threw " + e);
        }
        assertOnlyPublishedBytes(pub, provider, store);
    }

    private HarvestReport sync(EliProvider provider, Store store, Fetcher fetcher) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build();
        return Watchdog.call(Duration.ofSeconds(60), log::toString, () -> Harvesters.forProtocol("eli").orElseThrow()
                .harvest(new HarvestJob(SOURCE, List.of(provider.sitemapUrl(), provider.feedUrl()), EliOptions.DEFAULT, false),
                        new HarvestContext(store, fetcher, applier, null)));
    }

    private static void make(LiveStep step, EliProvider provider) {
        List<EliAct> acts = provider.acts();
        switch (step) {
            case LiveStep.Update u when !acts.isEmpty() -> provider.update(acts.get(u.pick() % acts.size()).number());
            case LiveStep.Update u -> provider.add(1);
            case LiveStep.Create c -> provider.add(1);
            case LiveStep.Delete d -> {
                // not scripted for ELI (see the class comment)
            }
            case LiveStep.Corrupt c -> {
                // ELI pages carry no digest: corrupted bytes cannot be told from a new version
            }
            case LiveStep.CloseList c -> {
                // the update feed is one document
            }
        }
    }

    private static Map<String, EliAct> byEli(EliProvider provider) {
        Map<String, EliAct> out = new HashMap<>();
        for (EliAct a : provider.acts()) {
            out.put(provider.eli(a.number()), a);
        }
        return out;
    }

    /** Nothing unverified became current: every stored page is a version the provider served for that ELI. */
    private void assertOnlyPublishedBytes(FixturePublisher pub, EliProvider provider, Store store) {
        Map<String, EliAct> acts = byEli(provider);
        List<String> foreign = new ArrayList<>();
        store.resources().forEach(SOURCE, true, r -> {
            EliAct act = acts.get(r.uri());
            Set<String> published = new HashSet<>();
            if (act != null) {
                EliVersions.pages(pub.baseUri(), act).forEach(p -> published.add(HashAlgorithm.SHA_256.hex(p)));
            }
            for (RepresentationState f : r.representations()) {
                if (!published.contains(f.sha256())) {
                    foreign.add(r.uri() + " holds " + f.url() + " with sha-256 " + f.sha256());
                }
            }
        });
        assertThat(foreign).as("stored pages the provider never served%n%s", log).isEmpty();
    }

    private static StoreDiff diff(FixturePublisher pub, EliProvider provider, Store store) {
        Map<String, ResourceState> held = new HashMap<>();
        store.resources().forEach(SOURCE, false, r -> held.put(r.uri(), r));
        Map<String, EliAct> acts = byEli(provider);
        List<String> missing = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        acts.forEach((eli, act) -> {
            ResourceState s = held.get(eli);
            if (s == null) {
                missing.add(eli);
            } else if (s.representations().isEmpty() || !s.representations().get(0).sha256()
                    .equals(HashAlgorithm.SHA_256.hex(EliVersions.page(pub.baseUri(), act)))) {
                wrong.add(eli + " v" + act.version());
            }
        });
        List<String> extra = held.keySet().stream().filter(u -> !acts.containsKey(u)).sorted().toList();
        return new StoreDiff(missing.stream().sorted().toList(), extra, wrong.stream().sorted().toList());
    }
}
