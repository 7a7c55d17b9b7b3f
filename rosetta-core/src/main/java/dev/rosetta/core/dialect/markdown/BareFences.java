package dev.rosetta.core.dialect.markdown;

import java.util.BitSet;

import dev.rosetta.core.split.Input;

/**
 * Which lengths of bare fence lines the message holds from a position to its end, learned once
 * a block has read that far: a later opener glued to a closer ({@code ``````patch}) whose own
 * length no bare fence there has is read at its meant length at once, without reading to the
 * end of the message again (so reading stays linear however many such openers follow).
 */
final class BareFences {

    private int from = -1;
    private int to = -1;
    private BitSet lengths;

    static BareFences of(Input in) {
        return in.fact(BareFences.class, BareFences::new);
    }

    /** The bare fence lines in [from, to), the rest of the complete message, have these lengths. */
    void learn(int from, int to, BitSet lengths) {
        this.from = from;
        this.to = to;
        this.lengths = lengths;
    }

    /** Whether no bare fence line of {@code ticks} backticks follows {@code at} up to the end of {@code in}. */
    boolean noneAfter(int at, int ticks, Input in) {
        return lengths != null && in.complete() && at >= from && to == in.limit() && !lengths.get(ticks);
    }
}
