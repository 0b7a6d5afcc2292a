package org.lexsync.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.atom.AtomSource;

/**
 * The publishers of the cluster chaos test: {@code hosts} fixture publishers (each its own host to the nodes' politeness:
 * another port), each serving {@code perHost} small Atom archive sources under {@code /sN}, that change while the
 * nodes harvest them ({@link #change()}: a new entry, an update or a deletion in a seeded random source). Each publisher
 * records every request's arrival time, so the test can measure the spacing per host.
 */
final class ClusterPublishers implements AutoCloseable {
    private final List<FixturePublisher> publishers = new ArrayList<>();
    /** Source id ({@code hH-sN}) → its Atom source, in host order. */
    private final Map<String, AtomSource> sources = new LinkedHashMap<>();
    private final Random random;
    private int changes;

    /** Publishers listening on {@code address} (one port each), each with {@code perHost} sources of {@code entries}. */
    ClusterPublishers(String address, int hosts, int perHost, int entries, long seed) {
        random = new Random(seed);
        for (int h = 0; h < hosts; h++) {
            FixturePublisher pub = FixturePublisher.builder().address(address).resources(0).seed(seed + h)
                    .start();
            publishers.add(pub);
            for (int s = 0; s < perHost; s++) {
                AtomSource source = AtomSource.register(pub, "/s" + s, 3, 200).publishNew(entries);
                String id = String.format(Locale.ROOT, "h%d-s%d", h, s);
                sources.put(id, source);
            }
        }
    }

    List<FixturePublisher> publishers() {
        return publishers;
    }

    Map<String, AtomSource> sources() {
        return sources;
    }

    /** One change in a random source: mostly a new entry or an update, sometimes a deletion. */
    synchronized String change() {
        List<String> ids = new ArrayList<>(sources.keySet());
        String id = ids.get(random.nextInt(ids.size()));
        AtomSource source = sources.get(id);
        List<String> active = new ArrayList<>(source.active().keySet());
        int pick = random.nextInt(10);
        if (active.isEmpty() || pick < 4) {
            source.publishNew(1);
        } else if (pick < 9) {
            source.update(active.get(random.nextInt(active.size())));
        } else {
            source.delete(active.get(random.nextInt(active.size())));
        }
        changes++;
        return id;
    }

    synchronized int changes() {
        return changes;
    }

    /** The smallest gap in milliseconds between two consecutive request arrivals at publisher {@code h}. */
    double smallestGapMillis(int h) {
        List<RecordedRequest> requests = publishers.get(h).requests();
        double smallest = Double.MAX_VALUE;
        for (int i = 1; i < requests.size(); i++) {
            smallest = Math.min(smallest, (requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()) / 1e6);
        }
        return smallest;
    }

    /** The longest silence in milliseconds between two consecutive request arrivals at publisher {@code h}. */
    double longestGapMillis(int h) {
        List<RecordedRequest> requests = publishers.get(h).requests();
        double longest = 0;
        for (int i = 1; i < requests.size(); i++) {
            longest = Math.max(longest, (requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()) / 1e6);
        }
        return longest;
    }

    int requests(int h) {
        return publishers.get(h).requests().size();
    }

    @Override
    public void close() {
        publishers.forEach(FixturePublisher::close);
    }
}
