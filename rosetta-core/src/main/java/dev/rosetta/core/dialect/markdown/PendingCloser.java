package dev.rosetta.core.dialect.markdown;

import dev.rosetta.core.split.Input;

/**
 * A bare fence of the block's own length in a file body, not yet known to close the block or to
 * open an untagged block inside the file. Only one is pending at a time: the next bare fence of
 * that length at the block's top level either settles it as an inner opener and becomes the next
 * pending one, or the block ends.
 */
final class PendingCloser {

    enum Phase {
        /** The line after the fence decides whether it is ambiguous at all. */
        NEXT_LINE,
        /** Read as an inner opener, its inner block is still open. */
        INSIDE,
        /** Its inner block closed again: a further bare fence of this length would close the block. */
        AFTER_PAIR
    }

    enum Verdict { CLOSES, AMBIGUOUS, UNDECIDED }

    /** The fence line [lineStart, lineEnd). */
    final int lineStart;
    final int lineEnd;
    Phase phase = Phase.NEXT_LINE;
    /** The fence line that paired it [pairStart, pairEnd), once {@link Phase#AFTER_PAIR}. */
    int pairStart = -1;
    int pairEnd = -1;
    /** Where the look at the next line's leading blanks resumes. */
    private int scan;

    PendingCloser(int lineStart, int lineEnd) {
        this.lineStart = lineStart;
        this.lineEnd = lineEnd;
        this.scan = lineEnd;
    }

    /**
     * What the line after the fence says: a blank line or another fence means the fence closes;
     * text means it may open an inner block. UNDECIDED while that line's first visible character
     * has not arrived (at the end of the message, the fence closes).
     */
    Verdict nextLine(Input in) {
        if (!in.has(lineEnd)) {
            return Verdict.UNDECIDED;
        }
        if (in.charAt(lineEnd) == '`') {
            int i = lineEnd;
            while (i < lineEnd + 3 && in.has(i) && in.charAt(i) == '`') {
                i++;
            }
            if (i == lineEnd + 3) {
                return Verdict.CLOSES;
            }
            return in.has(i) ? Verdict.AMBIGUOUS : Verdict.UNDECIDED;
        }
        int i = scan;
        while (in.has(i) && isBlank(in.charAt(i))) {
            i++;
        }
        scan = i;
        if (!in.has(i)) {
            return Verdict.UNDECIDED;
        }
        return in.charAt(i) == '\n' ? Verdict.CLOSES : Verdict.AMBIGUOUS;
    }

    /** Its inner block closed at the fence line [lineStart, lineEnd). */
    void paired(int lineStart, int lineEnd) {
        phase = Phase.AFTER_PAIR;
        pairStart = lineStart;
        pairEnd = lineEnd;
    }

    /**
     * Whether the fence that paired it is the last line of the complete message (only white space
     * follows): then reading this fence as a line of the file, not an opener, lets that last fence
     * close the block with the whole body inside. Looks at the white space after it once.
     */
    boolean pairedByTheLastLine(Input in) {
        if (phase != Phase.AFTER_PAIR) {
            return false;
        }
        int i = pairEnd;
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            i++;
        }
        return !in.has(i);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r';
    }
}
