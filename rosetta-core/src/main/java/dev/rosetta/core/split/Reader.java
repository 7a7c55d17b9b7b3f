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
     * The characters that can begin one of this reader's constructs in the middle of a line,
     * right after prose ({@code Some prose.<tool_call>…}); empty when its constructs start only
     * at line starts. The cascade asks {@link #open} at such a character only if it is listed.
     */
    default String midLineStarts() {
        return "";
    }
}
