package dev.rosetta.core.dialect;

import dev.rosetta.core.split.Input;

/**
 * What may stand between an opener and the JSON after it: whitespace, and a fence line
 * ({@code ```json}) that some models put the JSON in even inside special tokens.
 */
public final class JsonFence {

    /** Returned by {@link #skip} when the whitespace and fence ran on longer than allowed. */
    public static final int TOO_FAR = -1;

    private JsonFence() {}

    /**
     * The index of the first character after whitespace and at most one fence line from
     * {@code from} (the visible end when the text stops there), or {@link #TOO_FAR}.
     */
    public static int skip(Input in, int from, int most) {
        int i = spaces(in, from, most);
        if (i < 0 || !in.has(i) || in.charAt(i) != '`') {
            return i;
        }
        int ticks = i;
        while (in.has(ticks) && in.charAt(ticks) == '`') {
            ticks++;
        }
        if (ticks - i < 3) {
            return in.has(ticks) ? i : ticks;
        }
        int j = ticks;
        while (in.has(j) && in.charAt(j) != '\n') {
            char c = in.charAt(j);
            if (!Character.isLetter(c) && c != ' ' && c != '\t' && c != '\r' || j - from > most) {
                return i;
            }
            j++;
        }
        if (!in.has(j)) {
            return j;
        }
        return spaces(in, j + 1, most - (j + 1 - from));
    }

    private static int spaces(Input in, int from, int most) {
        int i = from;
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            if (i - from > most) {
                return TOO_FAR;
            }
            i++;
        }
        return i;
    }
}
