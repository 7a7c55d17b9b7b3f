package dev.rosetta.core.split;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@link Asking} for each character a construct may begin with, built the first time the
 * text has a candidate there: a splitter reads most messages without ever meeting most of the
 * characters its readers list, and a short reply should not pay for the tables of all of them.
 */
final class AskingTable {

    private final List<Reader> readers;
    private final Function<Reader, String> starts;
    private final Asking[] ascii = new Asking[128];
    /** The characters from 128 up that some reader lists (null when none does). */
    private final String wideListed;
    private final Map<Character, Asking> wide = new HashMap<>();
    /** For a character from 128 up that no reader lists: the readers that list none (any character). */
    private Asking unlisted;

    AskingTable(List<Reader> readers, Function<Reader, String> starts) {
        this.readers = readers;
        this.starts = starts;
        StringBuilder listed = new StringBuilder();
        for (Reader r : readers) {
            String s = starts.apply(r);
            if (s != null) {
                s.chars().filter(c -> c >= 128).forEach(c -> listed.append((char) c));
            }
        }
        this.wideListed = listed.isEmpty() ? null : listed.toString();
    }

    /** The readers to ask where a construct would begin with {@code first}. */
    Asking of(char first) {
        if (first < 128) {
            Asking a = ascii[first];
            if (a == null) {
                a = Asking.at(readers, first, starts);
                ascii[first] = a;
            }
            return a;
        }
        if (wideListed == null || wideListed.indexOf(first) < 0) {
            if (unlisted == null) {
                unlisted = Asking.at(readers, (char) 128, starts);
            }
            return unlisted;
        }
        return wide.computeIfAbsent(first, c -> Asking.at(readers, c, starts));
    }
}
