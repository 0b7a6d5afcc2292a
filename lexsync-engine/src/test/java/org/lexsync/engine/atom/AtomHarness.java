package org.lexsync.engine.atom;

import org.lexsync.engine.model.AtomOptions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/** A store, a polite-but-fast fetcher and the harvester, for collecting from loopback sources in tests. */
final class AtomHarness implements AutoCloseable {
    static final String SOURCE = "atom-test";

    final Store store;
    final Fetcher fetcher;

    AtomHarness(Path dir) {
        this(dir, 1);
    }

    /** With {@code tries} attempts per document (retries without delay). */
    AtomHarness(Path dir, int tries) {
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(8, Duration.ZERO)).ignoreRobots(true).tries(tries)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    HarvestReport collect(URI feed) {
        return collect(feed, Map.of(), false);
    }

    HarvestReport collect(URI feed, Map<String, String> options, boolean dryRun) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).attempts(1).build();
        return new AtomHarvester().harvest(new HarvestJob(SOURCE, List.of(feed), AtomOptions.fromText(options), dryRun),
                new HarvestContext(store, fetcher, applier, null));
    }

    /** Active resources with their source timestamp, sorted by URI. */
    Map<String, String> active() {
        Map<String, String> out = new TreeMap<>();
        store.resources().forEach(SOURCE, false, r -> out.put(r.uri(), r.sourceTimestamp().toString()));
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

    /** Journal rows that repeat an earlier row's resource, kind and source timestamp. */
    List<JournalEntry> duplicateJournalRows() {
        Set<String> seen = new HashSet<>();
        List<JournalEntry> dups = new ArrayList<>();
        for (JournalEntry e : journal()) {
            if (!seen.add(e.resourceUri() + " " + e.kind() + " " + e.sourceTimestamp())) {
                dups.add(e);
            }
        }
        return dups;
    }

    @Override
    public void close() {
        fetcher.close();
        store.close();
    }
}
