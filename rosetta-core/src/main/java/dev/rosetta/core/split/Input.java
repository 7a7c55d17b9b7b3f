package dev.rosetta.core.split;

import java.util.function.Supplier;

/**
 * The message read so far, as readers see it: characters before {@link #limit()} only, and
 * whether more can still arrive. Readers keep their own position and never re-read what they
 * have consumed, so total work stays linear in the message length. Every character a reader looks
 * at is counted in the buffer, so tests can pin that linearity by counting instead of timing.
 */
public final class Input {

    private final TextBuffer text;
    private int limit;
    private boolean complete;

    Input(TextBuffer text) {
        this.text = text;
    }

    /** A view of the same text with its own limit (a thinking block stops at its closer). */
    Input view() {
        return new Input(text);
    }

    void set(int limit, boolean complete) {
        this.limit = limit;
        this.complete = complete;
    }

    /** Characters at and after this index are not visible (yet). */
    public int limit() {
        return limit;
    }

    /** True when no character will ever arrive at or after {@link #limit()}. */
    public boolean complete() {
        return complete;
    }

    public char charAt(int i) {
        text.counted(1);
        return text.charAt(i);
    }

    /** The index of {@code c} in [from, limit), or -1. */
    public int indexOf(char c, int from) {
        for (int i = from; i < limit; i++) {
            if (text.charAt(i) == c) {
                text.counted(i + 1 - from);
                return i;
            }
        }
        text.counted(Math.max(0, limit - from));
        return -1;
    }

    /** The end of the line holding {@code from}: the index after its '\n', or -1 if not seen yet. */
    public int lineEnd(int from) {
        int nl = indexOf('\n', from);
        return nl < 0 ? -1 : nl + 1;
    }

    /**
     * How {@code s} matches at {@code at}: {@link Match#YES} when all of it is there, {@link Match#PARTIAL}
     * when the visible text ends inside a prefix of it, {@link Match#NO} otherwise.
     */
    public Match match(int at, String s) {
        int n = s.length();
        for (int k = 0; k < n; k++) {
            if (at + k >= limit) {
                text.counted(k);
                return complete ? Match.NO : Match.PARTIAL;
            }
            if (text.charAt(at + k) != s.charAt(k)) {
                text.counted(k + 1);
                return Match.NO;
            }
        }
        text.counted(n);
        return Match.YES;
    }

    public String slice(int from, int to) {
        text.counted(to - from);
        return text.substring(from, to);
    }

    /** Whether index i is the first character of a line. */
    public boolean isLineStart(int i) {
        if (i == 0) {
            return true;
        }
        text.counted(1);
        return text.charAt(i - 1) == '\n';
    }

    /**
     * Whether prose that is not whitespace was read before {@code at}: a construct at {@code at}
     * is then not the whole reply (reasoning and markup before it are not prose).
     */
    public boolean proseBefore(int at) {
        int first = text.firstProse();
        return first >= 0 && first < at;
    }

    /**
     * What a reader learned about this message that its later blocks may use, made by
     * {@code first} when asked for the first time. A reader serves many messages and its blocks
     * one construct each; a fact that saves reading the rest of the message again lives here.
     */
    public <T> T fact(Class<T> kind, Supplier<T> first) {
        return text.fact(kind, first);
    }

    /** Whether characters at and after {@code at} are there to look at. */
    public boolean has(int at) {
        return at < limit;
    }

    /** The three answers to "does this delimiter start here?" while text is still arriving. */
    public enum Match { YES, NO, PARTIAL }
}
