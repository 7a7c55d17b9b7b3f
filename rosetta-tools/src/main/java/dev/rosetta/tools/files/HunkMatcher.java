package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Finds where a hunk's ORIGINAL lines are in a file, trying ever looser ways of comparing
 * lines: exactly, then ignoring trailing whitespace, then ignoring indentation too (with a
 * consistent mapping of indentation, see {@link Reindent}). The first way that finds the lines
 * decides: one place is a match, several are ambiguous.
 */
final class HunkMatcher {

    /** How lines were compared. */
    enum Tolerance {
        EXACT(s -> s),
        TRAILING_WHITESPACE(String::stripTrailing),
        INDENTATION(String::strip);

        private final UnaryOperator<String> key;

        Tolerance(UnaryOperator<String> key) {
            this.key = key;
        }
    }

    sealed interface Match permits Found, Ambiguous, NotFound {}

    /** The ORIGINAL lines are the file's lines from {@code start} (0-based). */
    record Found(int start, Tolerance tolerance, Reindent reindent) implements Match {}

    /** The ORIGINAL lines are at each of {@code starts} (0-based). */
    record Ambiguous(Tolerance tolerance, List<Integer> starts) implements Match {}

    record NotFound() implements Match {}

    private HunkMatcher() {}

    static Match find(List<String> file, List<String> original) {
        for (Tolerance tolerance : Tolerance.values()) {
            List<Integer> starts = occurrences(keys(file, tolerance), keys(original, tolerance));
            List<Found> found = new ArrayList<>();
            for (int start : starts) {
                Optional<Reindent> reindent = tolerance == Tolerance.INDENTATION
                        ? Reindent.between(file, start, original)
                        : Optional.of(Reindent.NONE);
                reindent.ifPresent(r -> found.add(new Found(start, tolerance, r)));
            }
            if (found.size() == 1) {
                return found.get(0);
            }
            if (found.size() > 1) {
                return new Ambiguous(tolerance, found.stream().map(Found::start).toList());
            }
        }
        return new NotFound();
    }

    private static String[] keys(List<String> lines, Tolerance tolerance) {
        String[] keys = new String[lines.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = tolerance.key.apply(lines.get(i));
        }
        return keys;
    }

    /** Every start where {@code needle} occurs in {@code haystack}; hashes first, so a miss is cheap. */
    private static List<Integer> occurrences(String[] haystack, String[] needle) {
        List<Integer> starts = new ArrayList<>();
        if (needle.length == 0 || needle.length > haystack.length) {
            return starts;
        }
        int[] h = hashes(haystack);
        int[] n = hashes(needle);
        for (int i = 0; i + n.length <= h.length; i++) {
            if (matchesAt(haystack, h, needle, n, i)) {
                starts.add(i);
            }
        }
        return starts;
    }

    private static boolean matchesAt(String[] haystack, int[] h, String[] needle, int[] n, int at) {
        for (int j = 0; j < n.length; j++) {
            if (h[at + j] != n[j] || !haystack[at + j].equals(needle[j])) {
                return false;
            }
        }
        return true;
    }

    private static int[] hashes(String[] lines) {
        int[] out = new int[lines.length];
        for (int i = 0; i < lines.length; i++) {
            out[i] = lines[i].hashCode();
        }
        return out;
    }
}
