package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * Where a ResourceSync source stands, per set of resources (Capability List URI): whether its baseline is
 * done and at which snapshot time ({@code at}, §10.1), and the change cursor — every change before
 * {@code time} is processed, plus the first {@code sameTime} changes (-1: all) at exactly {@code time} (§12.1: the
 * first unprocessed (URI, datetime) pair). Serialised as one short line per set:
 * {@code rs1 <capability-list> d=1 b=<at> t=<time> k=<n> u=<last uri>}.
 */
record RsCheckpoint(Map<URI, SetState> sets) {
    private static final String MAGIC = "rs1";

    RsCheckpoint {
        sets = Collections.unmodifiableMap(new LinkedHashMap<>(sets));
    }

    static final RsCheckpoint EMPTY = new RsCheckpoint(Map.of());

    /** The progress of one set of resources. */
    record SetState(boolean baselineDone, W3cDateTime baselineAt, W3cDateTime time, int sameTime, String lastUri) {
        /** {@code sameTime} value meaning every change at exactly {@code time} is processed. */
        static final int ALL = -1;
        static final SetState NONE = new SetState(false, null, null, 0, null);

        /** True when the change at {@code changeTime} was processed already (it is before the cursor). */
        boolean covers(W3cDateTime changeTime, int seenAtSameTime) {
            if (time == null || changeTime == null) {
                return false;
            }
            int c = changeTime.toInstant().compareTo(time.toInstant());
            return c < 0 || c == 0 && (sameTime == ALL || seenAtSameTime < sameTime);
        }

        /** The cursor after processing a change at {@code changeTime}. */
        SetState after(W3cDateTime changeTime, String uri) {
            if (changeTime == null) {
                return new SetState(baselineDone, baselineAt, time, sameTime, uri);
            }
            if (time == null || changeTime.toInstant().isAfter(time.toInstant())) {
                return new SetState(baselineDone, baselineAt, changeTime, 1, uri);
            }
            if (changeTime.toInstant().equals(time.toInstant())) {
                return new SetState(baselineDone, baselineAt, time, sameTime == ALL ? ALL : sameTime + 1, uri);
            }
            return new SetState(baselineDone, baselineAt, time, sameTime, uri);
        }

        /**
         * A finished baseline taken at {@code at}: the snapshot reflects every change up to and including
         * {@code at} (§7), so changes after it are still to do.
         */
        static SetState baseline(W3cDateTime at) {
            return new SetState(true, at, at, ALL, null);
        }
    }

    SetState get(URI set) {
        return sets.getOrDefault(set, SetState.NONE);
    }

    RsCheckpoint with(URI set, SetState state) {
        Map<URI, SetState> copy = new LinkedHashMap<>(sets);
        copy.put(set, state);
        return new RsCheckpoint(copy);
    }

    String encode() {
        StringBuilder b = new StringBuilder(160 * Math.max(1, sets.size()));
        for (Map.Entry<URI, SetState> e : sets.entrySet()) {
            SetState s = e.getValue();
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append(MAGIC).append(' ').append(e.getKey()).append(" d=").append(s.baselineDone() ? 1 : 0)
                    .append(" b=").append(s.baselineAt() == null ? "-" : s.baselineAt().toString())
                    .append(" t=").append(s.time() == null ? "-" : s.time().toString())
                    .append(" k=").append(s.sameTime())
                    .append(" u=").append(s.lastUri() == null ? "-" : s.lastUri());
        }
        return b.toString();
    }

    /** Parses a stored checkpoint; anything unreadable (another protocol's, damaged) gives {@link #EMPTY}. */
    static RsCheckpoint parse(String text) {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        Map<URI, SetState> sets = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String[] parts = line.trim().split(" ");
            if (parts.length < 2 || !parts[0].equals(MAGIC)) {
                return EMPTY;
            }
            try {
                URI set = URI.create(parts[1]);
                boolean done = false;
                W3cDateTime at = null;
                W3cDateTime time = null;
                int k = 0;
                String uri = null;
                List<String> rest = new ArrayList<>(List.of(parts).subList(2, parts.length));
                for (String p : rest) {
                    if (p.length() < 2 || p.charAt(1) != '=') {
                        continue;
                    }
                    String v = p.substring(2);
                    switch (p.charAt(0)) {
                        case 'd' -> done = v.equals("1");
                        case 'b' -> at = v.equals("-") ? null : W3cDateTimes.parseOrNull(v);
                        case 't' -> time = v.equals("-") ? null : W3cDateTimes.parseOrNull(v);
                        case 'k' -> k = Integer.parseInt(v);
                        case 'u' -> uri = v.equals("-") ? null : v;
                        default -> { }
                    }
                }
                sets.put(set, new SetState(done, at, time, k, uri));
            } catch (IllegalArgumentException e) {
                return EMPTY;
            }
        }
        return new RsCheckpoint(sets);
    }
}
