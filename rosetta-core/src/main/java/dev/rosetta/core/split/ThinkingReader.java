package dev.rosetta.core.split;

import java.util.List;

import dev.rosetta.core.split.Input.Match;

/**
 * Reads {@code <think>…</think>} and {@code <thinking>…</thinking>} opened at a line start.
 * Inside, the same readers run, so a call the model wrote while thinking is found and reported
 * as {@link Segment.Unparsed} rather than run or lost. A closer without an opener is prose; an
 * opener never closed makes thinking of the rest of the message.
 */
final class ThinkingReader implements Reader {

    static final String THINK = "<think>";
    static final String THINKING = "<thinking>";

    private final List<Reader> inner;

    ThinkingReader(List<Reader> inner) {
        this.inner = List.copyOf(inner);
    }

    @Override
    public Opening open(Input in, int at) {
        Match think = in.match(at, THINK);
        Match thinking = in.match(at, THINKING);
        if (think == Match.YES) {
            return Opening.of(new ThinkingBlock(in, at, at + THINK.length(), inner));
        }
        if (thinking == Match.YES) {
            return Opening.of(new ThinkingBlock(in, at, at + THINKING.length(), inner));
        }
        return think == Match.PARTIAL || thinking == Match.PARTIAL ? Opening.NEED_MORE : Opening.NONE;
    }
}
