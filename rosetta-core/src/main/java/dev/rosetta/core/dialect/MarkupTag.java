package dev.rosetta.core.dialect;

import java.util.List;

import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;

/**
 * A dialect's markup element tag — Cohere's citations, {@code <co: 0>}…{@code </co: 0>},
 * {@code <co>}…{@code </co: 0:[1,2]>} — read as markup: the tag is in no segment, the text it
 * marks stays prose. A tag is {@code <NAME>}, or {@code <NAME: IDS>} / {@code </NAME: IDS>} where
 * IDS are the source numbers (digits, spaces, commas, colons, brackets; at most
 * {@value #MAX_IDS} characters, so a look costs a bounded few characters). A bare {@code </NAME>}
 * is not one: no source writes it, and prose may.
 */
public record MarkupTag(int end) implements Block {

    static final int MAX_IDS = 64;
    private static final String ID_CHARS = "0123456789 ,:[]";

    /** The tag of one of {@code names} that starts at {@code at}, as an opening. */
    public static Opening open(Input in, int at, List<String> names) {
        if (!in.has(at + 1)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        boolean closing = in.charAt(at + 1) == '/';
        int nameAt = at + (closing ? 2 : 1);
        boolean partial = false;
        for (String name : names) {
            Match m = in.match(nameAt, name);
            if (m == Match.PARTIAL) {
                partial = true;
            } else if (m == Match.YES) {
                Opening o = rest(in, nameAt + name.length(), closing);
                if (o.kind() != Opening.Kind.NONE) {
                    return o;
                }
            }
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
    }

    /** After the name: {@code >} (an opener only), or {@code :} then ids then {@code >}. */
    private static Opening rest(Input in, int i, boolean closing) {
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        char c = in.charAt(i);
        if (c == '>') {
            return closing ? Opening.NONE : Opening.of(new MarkupTag(i + 1));
        }
        if (c != ':') {
            return Opening.NONE;
        }
        boolean digit = false;
        for (int k = i + 1; k <= i + 1 + MAX_IDS; k++) {
            if (!in.has(k)) {
                return in.complete() ? Opening.NONE : Opening.NEED_MORE;
            }
            char d = in.charAt(k);
            if (d == '>') {
                return digit ? Opening.of(new MarkupTag(k + 1)) : Opening.NONE;
            }
            if (ID_CHARS.indexOf(d) < 0) {
                return Opening.NONE;
            }
            digit |= Character.isDigit(d);
        }
        return Opening.NONE;
    }

    @Override
    public int advance(Input in, Output out) {
        return end;
    }

    @Override
    public void endOfInput(Input in, Output out) {}
}
