package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

/**
 * The readers to ask where a construct may begin with one given character, in priority order,
 * each with the characters it accepts next ({@link Reader#secondChars}) and the texts its
 * constructs start with ({@link Reader#literalStarts}); built once per cascade, so a candidate
 * that no reader could claim costs a look at a few characters. The characters after the
 * candidate are looked at once for all readers, and only as far as some reader's start still
 * matches: {@code <|x} in prose costs three looks, however many dialects begin with {@code <|}.
 */
final class Asking {

    private final Reader[] readers;
    private final String[] seconds;
    /** For each reader, the texts its constructs start with that begin with this character, or null for any text. */
    private final String[][] starts;
    /** The text at {@link #cachedAt}, as far as it was looked at. */
    private final StringBuilder seen = new StringBuilder();
    private int cachedAt = -1;

    private Asking(List<Reader> readers, char first) {
        this.readers = readers.toArray(Reader[]::new);
        this.seconds = new String[this.readers.length];
        this.starts = new String[this.readers.length][];
        for (int r = 0; r < this.readers.length; r++) {
            seconds[r] = this.readers[r].secondChars(first);
            List<String> literal = this.readers[r].literalStarts();
            if (literal != null) {
                starts[r] = literal.stream().filter(s -> s.charAt(0) == first).toArray(String[]::new);
            }
        }
    }

    /** The readers among {@code all} whose {@code starts} (null: any character) hold {@code first}. */
    static Asking at(List<Reader> all, char first, java.util.function.Function<Reader, String> starts) {
        List<Reader> out = new ArrayList<>();
        for (Reader r : all) {
            String s = starts.apply(r);
            if (s == null || s.indexOf(first) >= 0) {
                out.add(r);
            }
        }
        return new Asking(out, first);
    }

    int size() {
        return readers.length;
    }

    /**
     * The r-th reader, or null when the text at {@code at} shows it cannot claim it: the character
     * after it is visible and not one the reader lists, or none of the reader's literal starts
     * can still become the text there.
     */
    Reader reader(int r, Input in, int at) {
        String s = seconds[r];
        if (s != null && in.has(at + 1) && s.indexOf(in.charAt(at + 1)) < 0) {
            return null;
        }
        if (starts[r] != null && !mayStart(starts[r], in, at)) {
            return null;
        }
        return readers[r];
    }

    /** Whether one of {@code texts} matches the visible text at {@code at}, or the visible text ends inside one. */
    private boolean mayStart(String[] texts, Input in, int at) {
        if (cachedAt != at) {
            cachedAt = at;
            seen.setLength(0);
        }
        for (String t : texts) {
            if (matchesSoFar(t, in, at)) {
                return true;
            }
        }
        return false;
    }

    private boolean matchesSoFar(String text, Input in, int at) {
        for (int k = 0; k < text.length(); k++) {
            if (k == seen.length()) {
                if (!in.has(at + k)) {
                    return true;
                }
                seen.append(in.charAt(at + k));
            }
            if (seen.charAt(k) != text.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
