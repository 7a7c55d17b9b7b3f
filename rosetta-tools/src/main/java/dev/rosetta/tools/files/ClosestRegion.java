package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The part of a file most like a hunk's ORIGINAL lines, for the error that lets a model retry
 * without reading the whole file again. The work stays linear in the file's size:
 *
 * <ol>
 *   <li>Candidate starts come from lines the file and the ORIGINAL share exactly (after
 *       trimming whitespace): each shared line votes for the start that would align it.</li>
 *   <li>When few lines are shared, a handful of ORIGINAL lines spread over it are compared
 *       (by bigram signature, in constant time per pair) with every file line they could align
 *       with; the starts whose aligned lines are most alike in sum are added.</li>
 *   <li>Each of a bounded number of candidates is scored by how alike all its aligned lines
 *       are ({@link Similarity}); the best wins.</li>
 * </ol>
 */
final class ClosestRegion {

    /**
     * @param start           0-based first line of the region in the file
     * @param length          how many lines (the ORIGINAL's count, or fewer at the end of the file)
     * @param similarity      0 (nothing alike) to 1 (equal but for whitespace)
     * @param firstDifference 0-based index in the ORIGINAL of the first line that differs from
     *                        the file's line, or -1
     */
    record Region(int start, int length, double similarity, int firstDifference) {}

    private static final int CANDIDATES = 16;
    /** ORIGINAL lines compared with every file line when too few lines are shared. */
    private static final int ANCHORS = 5;
    /** Lines of the ORIGINAL that vote and are scored: a window this long places the region well enough. */
    private static final int SCORED_LINES = 200;
    private static final int MAX_LINE = 500;

    private ClosestRegion() {}

    static Optional<Region> find(List<String> file, List<String> original) {
        return find(file, original, new WorkCount());
    }

    /** As {@link #find(List, List)}, counting the lines looked at and compared into {@code work}. */
    static Optional<Region> find(List<String> file, List<String> original, WorkCount work) {
        if (file.isEmpty() || original.isEmpty()) {
            return Optional.empty();
        }
        String[] f = normalized(file);
        String[] o = normalized(original.subList(0, Math.min(original.size(), SCORED_LINES)));
        int window = Math.min(original.size(), file.size());
        int lastStart = file.size() - window;
        Set<Integer> candidates = votedStarts(f, o, lastStart, work);
        if (candidates.size() < CANDIDATES) {
            candidates.addAll(fuzzyAnchoredStarts(f, o, lastStart, work));
        }
        if (candidates.isEmpty()) {
            candidates.add(0);
        }
        int bestStart = -1;
        double bestScore = -1;
        for (int start : candidates) {
            double score = score(f, o, start, window, work);
            if (score > bestScore) {
                bestStart = start;
                bestScore = score;
            }
        }
        return Optional.of(new Region(bestStart, window, bestScore, firstDifference(file, original, bestStart)));
    }

    private static Set<Integer> votedStarts(String[] f, String[] o, int lastStart, WorkCount work) {
        work.add(o.length + f.length);
        Map<String, List<Integer>> where = new HashMap<>();
        for (int j = 0; j < o.length; j++) {
            if (!o[j].isEmpty()) {
                where.computeIfAbsent(o[j], k -> new ArrayList<>()).add(j);
            }
        }
        int[] votes = new int[lastStart + 1];
        for (int i = 0; i < f.length; i++) {
            List<Integer> js = where.get(f[i]);
            for (int k = 0; js != null && k < js.size() && k < 8; k++) {
                int start = i - js.get(k);
                if (start >= 0 && start <= lastStart) {
                    votes[start]++;
                }
            }
        }
        return top(votes, CANDIDATES);
    }

    private static Set<Integer> fuzzyAnchoredStarts(String[] f, String[] o, int lastStart, WorkCount work) {
        long[][] fileSignatures = new long[f.length][];
        int[] sums = new int[lastStart + 1];
        for (int a : spreadNonBlank(o, ANCHORS)) {
            long[] anchor = Similarity.signature(o[a]);
            work.add(Math.max(0, Math.min(lastStart + 1, f.length - a)));
            for (int start = 0; start <= lastStart && start + a < f.length; start++) {
                int i = start + a;
                if (fileSignatures[i] == null) {
                    fileSignatures[i] = Similarity.signature(f[i]);
                }
                sums[start] += (int) (1000 * Similarity.estimate(fileSignatures[i], anchor));
            }
        }
        return top(sums, CANDIDATES);
    }

    private static double score(String[] f, String[] o, int start, int window, WorkCount work) {
        int n = Math.min(window, o.length);
        work.add(n);
        double sum = 0;
        for (int j = 0; j < n; j++) {
            sum += Similarity.of(f[start + j], o[j]);
        }
        return sum / n;
    }

    private static int firstDifference(List<String> file, List<String> original, int start) {
        for (int j = 0; j < original.size(); j++) {
            if (start + j >= file.size() || !file.get(start + j).equals(original.get(j))) {
                return j;
            }
        }
        return -1;
    }

    /** The indexes of the highest positive values, best first (earlier first among equals). */
    private static Set<Integer> top(int[] values, int count) {
        int[] best = new int[count];
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] <= 0 || n == count && values[i] <= values[best[n - 1]]) {
                continue;
            }
            int at = n < count ? n++ : n - 1;
            while (at > 0 && values[best[at - 1]] < values[i]) {
                best[at] = best[at - 1];
                at--;
            }
            best[at] = i;
        }
        Set<Integer> out = new LinkedHashSet<>();
        for (int k = 0; k < n; k++) {
            out.add(best[k]);
        }
        return out;
    }

    /** Up to {@code count} indexes of non-blank lines, spread evenly from the first to the last. */
    private static int[] spreadNonBlank(String[] lines, int count) {
        int[] nonBlank = IntStream.range(0, lines.length).filter(j -> !lines[j].isEmpty()).toArray();
        if (nonBlank.length <= count) {
            return nonBlank;
        }
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = nonBlank[(int) ((long) k * (nonBlank.length - 1) / (count - 1))];
        }
        return out;
    }

    private static String[] normalized(List<String> lines) {
        String[] out = new String[lines.size()];
        for (int i = 0; i < out.length; i++) {
            String line = collapseWhitespace(lines.get(i));
            out[i] = line.length() > MAX_LINE ? line.substring(0, MAX_LINE) : line;
        }
        return out;
    }

    /** Trimmed, with each run of whitespace inside as one space (no regex: this runs on every line). */
    private static String collapseWhitespace(String line) {
        String stripped = line.strip();
        StringBuilder out = new StringBuilder(stripped.length());
        boolean space = false;
        for (int i = 0; i < stripped.length(); i++) {
            char c = stripped.charAt(i);
            boolean white = Character.isWhitespace(c);
            if (!white || !space) {
                out.append(white ? ' ' : c);
            }
            space = white;
        }
        return out.toString();
    }
}
