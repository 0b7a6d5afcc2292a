package org.lexsync.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line diff of two texts for the document pages (docs/api.md, "Documents"): the longest common subsequence of
 * lines, after the common head and tail are set aside, so that a small change in a long document costs little. The
 * table it fills is bounded ({@link #MAX_CELLS}); two versions whose differing middles are larger are refused with a
 * 422 naming their sizes rather than diffed slowly.
 */
public final class LineDiff {
    /** The most cells (differing lines of one side times those of the other) the LCS table may have. */
    public static final long MAX_CELLS = 4_000_000;

    /** What a line of the diff is: in both texts, only in the old one, only in the new one. */
    public enum Op {
        SAME, REMOVED, ADDED;

        /** {@code same}, {@code removed} or {@code added}, as the API writes it. */
        public String token() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One line of the diff with its line numbers in the old and the new text (0 where it is absent). */
    public record Line(Op op, int oldNumber, int newNumber, String text) {
    }

    private LineDiff() {
    }

    /** The lines of {@code text} without their terminators ({@code \n}, {@code \r\n} or {@code \r}). */
    public static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : List.of(text.split("\r\n|\r|\n", -1));
    }

    /** The diff turning {@code a} into {@code b}, in order; a 422 {@link ApiError} when it is too large to compute. */
    public static List<Line> diff(List<String> a, List<String> b) {
        int head = 0;
        while (head < a.size() && head < b.size() && a.get(head).equals(b.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < a.size() - head && tail < b.size() - head
                && a.get(a.size() - 1 - tail).equals(b.get(b.size() - 1 - tail))) {
            tail++;
        }
        int n = a.size() - head - tail;
        int m = b.size() - head - tail;
        if ((long) (n + 1) * (m + 1) > MAX_CELLS) {
            throw new ApiError(422, String.format(Locale.ROOT, "the versions differ in %d and %d lines, more than a"
                    + " diff here compares (%d cells); download both instead", n, m, MAX_CELLS));
        }
        List<Line> out = new ArrayList<>(head + n + m + tail);
        for (int i = 0; i < head; i++) {
            out.add(new Line(Op.SAME, i + 1, i + 1, a.get(i)));
        }
        // lcs[i][j]: length of the LCS of the middles from a[head+i] and b[head+j] on
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(head + i).equals(b.get(head + j)) ? lcs[i + 1][j + 1] + 1
                        : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(head + i).equals(b.get(head + j))) {
                out.add(new Line(Op.SAME, head + i + 1, head + j + 1, a.get(head + i)));
                i++;
                j++;
            } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                out.add(new Line(Op.REMOVED, head + i + 1, 0, a.get(head + i)));
                i++;
            } else {
                out.add(new Line(Op.ADDED, 0, head + j + 1, b.get(head + j)));
                j++;
            }
        }
        for (int k = tail; k > 0; k--) {
            out.add(new Line(Op.SAME, a.size() - k + 1, b.size() - k + 1, a.get(a.size() - k)));
        }
        return out;
    }
}
