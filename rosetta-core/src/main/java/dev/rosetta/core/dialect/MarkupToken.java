package dev.rosetta.core.dialect;

import java.util.List;

import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;

/**
 * A special token that carries no call — an end-of-turn token a server left in the text
 * ({@code <|eot_id|>}, {@code <｜end▁of▁sentence｜>}), a stop token with no message around it —
 * read as markup: in no segment, and never shown as prose.
 */
public record MarkupToken(int end) implements Block {

    /** The first of {@code tokens} that starts at {@code at}, as an opening. */
    public static Opening open(Input in, int at, List<String> tokens) {
        TokenMatch m = TokenMatch.at(in, at, tokens);
        if (m.yes()) {
            return Opening.of(new MarkupToken(at + m.token().length()));
        }
        return m.partial() ? Opening.NEED_MORE : Opening.NONE;
    }

    @Override
    public int advance(Input in, Output out) {
        return end;
    }

    @Override
    public void endOfInput(Input in, Output out) {}

    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
