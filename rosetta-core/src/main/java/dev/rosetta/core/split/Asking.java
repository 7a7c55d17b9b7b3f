package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

/**
 * The readers to ask where a construct may begin with one given character, in priority order,
 * each with the characters it accepts next ({@link Reader#secondChars}); built once per cascade,
 * so a candidate that no reader could claim costs a look at one character.
 */
final class Asking {

    private final Reader[] readers;
    private final String[] seconds;

    private Asking(List<Reader> readers, char first) {
        this.readers = readers.toArray(Reader[]::new);
        this.seconds = new String[this.readers.length];
        for (int r = 0; r < this.readers.length; r++) {
            seconds[r] = this.readers[r].secondChars(first);
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

    /** The r-th reader, or null when the character at {@code at + 1} is visible and it cannot follow. */
    Reader reader(int r, Input in, int at) {
        String s = seconds[r];
        if (s != null && in.has(at + 1) && s.indexOf(in.charAt(at + 1)) < 0) {
            return null;
        }
        return readers[r];
    }
}
