package org.lexsync.engine.crawler;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How many items each listing seed yielded, in the previous complete crawl and in this one so far, kept in the crawl
 * checkpoint so that a portal redesign is told from an empty day: a seed that listed items last time and lists none
 * now fails the run (the sanity gate names the seed and its selector) instead of passing as "nothing new".
 * As text: {@code seen PREVIOUS CURRENT}, each {@code -} or {@code key=n,key=n} with the keys percent-encoded.
 */
record SeedYields(Map<String, Long> previous, Map<String, Long> current) {
    static final SeedYields NONE = new SeedYields(Map.of(), Map.of());
    private static final String WORD = "seen ";

    SeedYields {
        previous = Map.copyOf(previous);
        current = Map.copyOf(current);
    }

    /** With {@code items} more listed for {@code seed} in this crawl. */
    SeedYields plus(String seed, long items) {
        Map<String, Long> c = new LinkedHashMap<>(current);
        c.merge(seed, items, Long::sum);
        return new SeedYields(previous, c);
    }

    /** What the next crawl compares with once this one completed: its counts become the previous ones. */
    SeedYields completed() {
        return new SeedYields(current, Map.of());
    }

    /** How many items the seed listed in the previous complete crawl, when it listed some and this crawl none. */
    Optional<Long> vanished(String seed) {
        long before = previous.getOrDefault(seed, 0L);
        return before > 0 && current.getOrDefault(seed, 0L) == 0 ? Optional.of(before) : Optional.empty();
    }

    String format() {
        return WORD + side(previous) + " " + side(current);
    }

    private static String side(Map<String, Long> m) {
        if (m.isEmpty()) {
            return "-";
        }
        StringBuilder b = new StringBuilder();
        new TreeMap<>(m).forEach((k, v) -> b.append(b.isEmpty() ? "" : ",")
                .append(URLEncoder.encode(k, StandardCharsets.UTF_8)).append('=').append(v));
        return b.toString();
    }

    /** The counts of {@code text}; {@link #NONE} when it is not such text. */
    static SeedYields parse(String text) {
        String[] p = text.strip().split(" ");
        if (p.length != 3 || !p[0].equals(WORD.strip())) {
            return NONE;
        }
        try {
            return new SeedYields(map(p[1]), map(p[2]));
        } catch (IllegalArgumentException e) {
            return NONE;
        }
    }

    private static Map<String, Long> map(String side) {
        Map<String, Long> m = new LinkedHashMap<>();
        if (side.equals("-")) {
            return m;
        }
        for (String kv : side.split(",")) {
            int eq = kv.lastIndexOf('=');
            m.put(URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8), Long.parseLong(kv.substring(eq + 1)));
        }
        return m;
    }
}
