package dev.rosetta.core.split;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The message read so far: a growing char array. Cheaper than a StringBuilder on the two paths
 * that matter — appending many small deltas (no coder checks, a bulk copy) and reading one char
 * at a time (a plain array load).
 */
final class TextBuffer implements CharSequence {

    private char[] chars = new char[256];
    private int length;
    /** Characters readers have looked at through an {@link Input}: the work the O(n) tests count. */
    private long reads;
    /** Where the first prose that is not whitespace starts, or -1 while there is none. */
    private int firstProse = -1;
    /** What readers learned about this message, by kind (see {@link Input#fact}). */
    private Map<Class<?>, Object> facts;

    void append(CharSequence delta) {
        int n = delta.length();
        if (length + n > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(length + n, chars.length * 2));
        }
        if (delta instanceof String s) {
            s.getChars(0, n, chars, length);
        } else {
            for (int i = 0; i < n; i++) {
                chars[length + i] = delta.charAt(i);
            }
        }
        length += n;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return chars[index];
    }

    /** Counts {@code n} characters looked at; one add per call, never one per character. */
    void counted(int n) {
        reads += n;
    }

    /** The text in [from, to) was read as prose: remembers where the first prose that is not whitespace is. */
    void prose(int from, int to) {
        if (firstProse >= 0) {
            return;
        }
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(chars[i])) {
                firstProse = i;
                return;
            }
        }
    }

    <T> T fact(Class<T> kind, Supplier<T> first) {
        if (facts == null) {
            facts = new HashMap<>();
        }
        return kind.cast(facts.computeIfAbsent(kind, k -> first.get()));
    }

    /** Where the first prose that is not whitespace starts, or -1. */
    int firstProse() {
        return firstProse;
    }

    /** How many characters readers have looked at so far (see {@link Input}). */
    long reads() {
        return reads;
    }

    /** The text in [from, to) as a string. */
    String substring(int from, int to) {
        return new String(chars, from, to - from);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return substring(start, end);
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
