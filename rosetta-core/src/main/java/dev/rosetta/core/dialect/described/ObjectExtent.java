package dev.rosetta.core.dialect.described;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;

/**
 * Finds where an object in Gemma's syntax ends: the brace that balances the first one, counted
 * outside strings — strings between the quote token ({@code <|"|>…<|"|>}) or in double quotes.
 * State is kept between calls, so streamed text is scanned once; a quote token cut by the end of
 * the visible text is waited for.
 */
final class ObjectExtent {

    private final String quote;
    private int pos;
    private int depth;
    private boolean inQuote;
    private boolean inJsonString;
    private boolean escaped;

    /** Starts at the opening brace. */
    ObjectExtent(int openingBrace, String quote) {
        this.pos = openingBrace;
        this.quote = quote;
    }

    /** The index after the balancing brace, or -1 while it has not arrived. */
    int scan(Input in) {
        while (in.has(pos)) {
            char c = in.charAt(pos);
            if (inJsonString) {
                inJsonString = escaped || c != '"';
                escaped = !escaped && c == '\\';
                pos++;
                continue;
            }
            if (c == quote.charAt(0)) {
                Match m = in.match(pos, quote);
                if (m == Match.PARTIAL) {
                    return -1;
                }
                if (m == Match.YES) {
                    inQuote = !inQuote;
                    pos += quote.length();
                    continue;
                }
            }
            pos++;
            if (inQuote) {
                continue;
            }
            switch (c) {
                case '{', '[' -> depth++;
                case '}', ']' -> {
                    depth--;
                    if (depth == 0) {
                        return pos;
                    }
                }
                case '"' -> inJsonString = true;
                default -> { }
            }
        }
        return -1;
    }

    /** Whether the scan stands outside strings. */
    boolean outsideStrings() {
        return !inQuote && !inJsonString;
    }

    int position() {
        return pos;
    }
}
