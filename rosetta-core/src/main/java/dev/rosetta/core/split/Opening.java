package dev.rosetta.core.split;

/**
 * A reader's answer to "does one of your constructs start here?".
 *
 * @param kind  the answer
 * @param block the construct, when {@code kind} is {@link Kind#BLOCK}
 */
public record Opening(Kind kind, Block block) {

    public enum Kind {
        /** No construct of this reader starts here. */
        NONE,
        /** Undecided; ask again when a few more characters arrive. */
        NEED_MORE,
        /** Undecided until the line is complete (a fence line's info string decides). */
        NEED_LINE,
        /** A construct starts here. */
        BLOCK
    }

    public static final Opening NONE = new Opening(Kind.NONE, null);
    public static final Opening NEED_MORE = new Opening(Kind.NEED_MORE, null);
    public static final Opening NEED_LINE = new Opening(Kind.NEED_LINE, null);

    public static Opening of(Block block) {
        return new Opening(Kind.BLOCK, block);
    }

    public boolean undecided() {
        return kind == Kind.NEED_MORE || kind == Kind.NEED_LINE;
    }
}
