package org.lexsync.engine.harvest;

/**
 * The position of the last change of each URI in a stream of changes a planner has read ahead (ResourceSync
 * §12.1: a Change List lists every change, so a later change of the same resource supersedes an earlier one),
 * kept compactly like {@link UriSet}: a 64-bit hash per URI and its position, 16 bytes per URI, never the URIs.
 * A hash collision could only make one change look superseded, with odds of about n²/2⁶⁴.
 */
public final class UriPositions {
    private static final long EMPTY = 0L;

    private long[] keys = new long[1024];
    private long[] positions = new long[1024];
    private int size;

    /** Notes a change of {@code uri} at {@code position}; the larger position of the URI is kept. */
    public void put(String uri, long position) {
        if ((size + 1) * 4L > keys.length * 3L) {
            grow();
        }
        if (insert(keys, positions, UriSet.hash64(uri), position)) {
            size++;
        }
    }

    /** The last position noted for {@code uri}, or -1. */
    public long last(String uri) {
        long h = UriSet.hash64(uri);
        int mask = keys.length - 1;
        for (int i = (int) h & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == EMPTY) {
                return -1;
            }
            if (k == h) {
                return positions[i];
            }
        }
    }

    /** How many distinct URIs were noted. */
    public int size() {
        return size;
    }

    private void grow() {
        long[] k2 = new long[keys.length * 2];
        long[] p2 = new long[keys.length * 2];
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                insert(k2, p2, keys[i], positions[i]);
            }
        }
        keys = k2;
        positions = p2;
    }

    /** True when {@code h} was new. */
    private static boolean insert(long[] keys, long[] positions, long h, long position) {
        int mask = keys.length - 1;
        for (int i = (int) h & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == EMPTY) {
                keys[i] = h;
                positions[i] = position;
                return true;
            }
            if (k == h) {
                positions[i] = Math.max(positions[i], position);
                return false;
            }
        }
    }
}
