package dev.rosetta.core.split;

/**
 * A construct being read: a fenced block, an xml wrapper, an {@code @tool} call, a thinking
 * block. It resumes where it stopped on every call, so nothing is read twice.
 */
public interface Block {

    /**
     * Reads on. Returns the index just after the construct once it is complete, or -1 when it
     * needs more text than {@code in} has.
     */
    int advance(Input in, Output out);

    /** The message ended with the construct still open: report what it holds. */
    void endOfInput(Input in, Output out);

    /**
     * Whether the position after this construct starts a line although no newline precedes it
     * (a closing fence glued to the next opening fence).
     */
    default boolean endsAtLineStart() {
        return false;
    }
}
