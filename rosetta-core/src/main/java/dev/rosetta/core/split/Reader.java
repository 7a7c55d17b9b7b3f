package dev.rosetta.core.split;

/**
 * One dialect's part of the cascade. The splitter asks its readers at the start of each line,
 * in priority order, and the first that claims the line reads the construct to its end; readers
 * that list {@link #midLineStarts()} are also asked at those characters inside a prose line.
 */
public interface Reader {

    /**
     * Whether a construct starts at {@code at} (a line start in prose). May answer
     * {@link Opening#NEED_MORE} or {@link Opening#NEED_LINE} only while {@code in} is not complete.
     */
    Opening open(Input in, int at);

    /**
     * The characters one of this reader's constructs can begin with at a line start (indentation
     * included, when the reader allows it), or null when it may begin with any. The cascade asks
     * {@link #open} at a line start only when its first character is listed, so a line of prose
     * costs no call to a reader that could not claim it.
     */
    default String lineStarts() {
        return null;
    }

    /**
     * The characters that may follow {@code first} (a character of {@link #lineStarts} or
     * {@link #midLineStarts}) in one of this reader's constructs, or null when any may. The cascade
     * skips the reader where the next character is visible and not listed: {@code <b>} in prose
     * asks no reader whose tags all begin {@code <|}.
     */
    default String secondChars(char first) {
        return null;
    }

    /**
     * The texts every one of this reader's constructs starts with (at the position it is asked
     * about), or null when not every construct starts with a fixed text. The cascade asks the
     * reader only where the visible text is one of them, or could still become one.
     */
    default java.util.List<String> literalStarts() {
        return null;
    }

    /**
     * The characters that can begin one of this reader's constructs in the middle of a line,
     * right after prose ({@code Some prose.<tool_call>…}); empty when its constructs start only
     * at line starts. The cascade asks {@link #open} at such a character only if it is listed.
     */
    default String midLineStarts() {
        return "";
    }

    /**
     * Whether a construct starts at {@code at} inside a prose line, at one of the characters of
     * {@link #midLineStarts()}. The same as {@link #open} unless a construct needs more evidence
     * there than at a line start (a reasoning tag mid-sentence is more often a mention).
     */
    default Opening openMidLine(Input in, int at) {
        return open(in, at);
    }

    /**
     * The markers this reader's dialect writes its reasoning between, beyond the common tags
     * ({@link ReasoningTag}): the splitter reads them as reasoning in every format.
     */
    default java.util.List<ReasoningMarkers> reasoningMarkers() {
        return java.util.List.of();
    }
}
