package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The shortest edit script between two lists of lines (Myers' O((N+M)·D) algorithm), after the
 * common head and tail are set aside. The work is bounded: when the middle needs more than
 * {@link #MAX_EDITS} edits, it is reported as deleted whole and inserted whole — still a
 * correct diff, just not a minimal one — so a rewritten 10,000-line file previews at once.
 */
final class LineDiff {

    /** Myers keeps one row per edit; this many rows stay around 16 MB in the worst case. */
    static final int MAX_EDITS = 2_000;

    enum Op { EQUAL, DELETE, INSERT }

    /**
     * One line of the script.
     *
     * @param oldIndex the line's 0-based index in the old list (for EQUAL and DELETE)
     * @param newIndex the line's 0-based index in the new list (for EQUAL and INSERT)
     */
    record Edit(Op op, int oldIndex, int newIndex) {}

    private LineDiff() {}

    static List<Edit> between(List<String> a, List<String> b) {
        return between(a, b, new WorkCount());
    }

    /** As {@link #between(List, List)}, counting the search's steps (diagonals and matched lines) into {@code work}. */
    static List<Edit> between(List<String> a, List<String> b, WorkCount work) {
        int[][] ids = intern(a, b);
        int[] x = ids[0];
        int[] y = ids[1];
        int head = 0;
        while (head < x.length && head < y.length && x[head] == y[head]) {
            head++;
        }
        int tail = 0;
        while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] == y[y.length - 1 - tail]) {
            tail++;
        }
        List<Edit> edits = new ArrayList<>(Math.max(x.length, y.length) + 16);
        for (int i = 0; i < head; i++) {
            edits.add(new Edit(Op.EQUAL, i, i));
        }
        middle(x, y, head, x.length - tail, head, y.length - tail, edits, work);
        for (int i = tail; i > 0; i--) {
            edits.add(new Edit(Op.EQUAL, x.length - i, y.length - i));
        }
        return edits;
    }

    /** Lines as numbers, equal numbers for equal lines, so comparing them is cheap. */
    private static int[][] intern(List<String> a, List<String> b) {
        Map<String, Integer> ids = new HashMap<>();
        int[] x = new int[a.size()];
        int[] y = new int[b.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = ids.computeIfAbsent(a.get(i), k -> ids.size());
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = ids.computeIfAbsent(b.get(i), k -> ids.size());
        }
        return new int[][] {x, y};
    }

    private static void middle(int[] a, int[] b, int aFrom, int aTo, int bFrom, int bTo, List<Edit> out,
            WorkCount work) {
        int n = aTo - aFrom;
        int m = bTo - bFrom;
        List<int[]> trace = forward(a, b, aFrom, bFrom, n, m, work);
        if (trace == null) {
            for (int i = aFrom; i < aTo; i++) {
                out.add(new Edit(Op.DELETE, i, -1));
            }
            for (int j = bFrom; j < bTo; j++) {
                out.add(new Edit(Op.INSERT, -1, j));
            }
            return;
        }
        out.addAll(backtrack(trace, aFrom, bFrom, n, m));
    }

    /**
     * Myers' forward search. Row d of the trace is the furthest x reached on each diagonal
     * k = x - y (stored at k + d) before step d; null when more than {@link #MAX_EDITS} edits
     * would be needed.
     */
    private static List<int[]> forward(int[] a, int[] b, int aFrom, int bFrom, int n, int m, WorkCount work) {
        int max = Math.min(n + m, MAX_EDITS);
        int offset = max + 1;
        int[] v = new int[2 * max + 3];
        List<int[]> trace = new ArrayList<>();
        for (int d = 0; d <= max; d++) {
            int[] row = new int[2 * d + 1];
            System.arraycopy(v, offset - d, row, 0, row.length);
            trace.add(row);
            for (int k = -d; k <= d; k += 2) {
                int x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                        ? v[offset + k + 1]
                        : v[offset + k - 1] + 1;
                int y = x - k;
                int snakeFrom = x;
                while (x < n && y < m && a[aFrom + x] == b[bFrom + y]) {
                    x++;
                    y++;
                }
                work.add(1 + x - snakeFrom);
                v[offset + k] = x;
                if (x >= n && y >= m) {
                    return trace;
                }
            }
        }
        return null;
    }

    private static List<Edit> backtrack(List<int[]> trace, int aFrom, int bFrom, int n, int m) {
        List<Edit> reversed = new ArrayList<>();
        int x = n;
        int y = m;
        for (int d = trace.size() - 1; d >= 0; d--) {
            int[] row = trace.get(d);
            int k = x - y;
            int previousK = k == -d || (k != d && at(row, d, k - 1) < at(row, d, k + 1)) ? k + 1 : k - 1;
            int previousX = d == 0 ? 0 : at(row, d, previousK);
            int previousY = previousX - previousK;
            while (x > previousX && y > previousY) {
                x--;
                y--;
                reversed.add(new Edit(Op.EQUAL, aFrom + x, bFrom + y));
            }
            if (d > 0) {
                if (x == previousX) {
                    reversed.add(new Edit(Op.INSERT, -1, bFrom + y - 1));
                } else {
                    reversed.add(new Edit(Op.DELETE, aFrom + x - 1, -1));
                }
            }
            x = previousX;
            y = previousY;
        }
        Collections.reverse(reversed);
        return reversed;
    }

    /** Diagonal k of a trace row for step d (the row holds diagonals -d..d). */
    private static int at(int[] row, int d, int k) {
        int i = k + d;
        return i >= 0 && i < row.length ? row[i] : -1;
    }
}
