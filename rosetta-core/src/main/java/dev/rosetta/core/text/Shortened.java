package dev.rosetta.core.text;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Text from elsewhere (a file, a server, a model) shortened for a one-line message: a name of a
 * hundred thousand characters, or a hundred thousand names, still make a line a person can read,
 * and the line says how much was left out.
 */
public final class Shortened {

    private Shortened() {}

    /** {@code text} when it has at most {@code max} characters, else its start and how long it was: {@code "nnn… (100,000 characters)"}. */
    public static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + String.format(Locale.ROOT, "… (%,d characters)", text.length());
    }

    /**
     * The first {@code shown} items, each {@link #cut} to {@code maxEach}, joined by {@code separator},
     * and how many more there are: {@code "a, b, c and 99,997 more"}.
     */
    public static String someOf(List<String> items, int shown, int maxEach, String separator) {
        String listed = items.stream().limit(shown).map(item -> cut(item, maxEach))
                .collect(Collectors.joining(separator));
        int more = items.size() - shown;
        return more <= 0 ? listed : listed + String.format(Locale.ROOT, " and %,d more", more);
    }
}
