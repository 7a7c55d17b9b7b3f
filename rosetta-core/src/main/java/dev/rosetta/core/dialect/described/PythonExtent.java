package dev.rosetta.core.dialect.described;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;

/**
 * Finds the {@code )} that balances a call's {@code (} in Python text: brackets count outside
 * strings (either quote, triple quotes, backslash escapes). A one-line string left open ends at
 * its line, so a stray apostrophe cannot hide the rest of the message. Resumes where it stopped.
 */
final class PythonExtent {

    private int pos;
    private int depth;
    private char quote;
    private boolean triple;
    private boolean escaped;

    PythonExtent(int openParen) {
        this.pos = openParen;
    }

    /** The index after the balancing bracket, or -1 while it has not arrived. */
    int scan(Input in) {
        return scan(in, Integer.MAX_VALUE);
    }

    /** The same, looking no further than {@code limit} (exclusive). */
    int scan(Input in, int limit) {
        while (pos < limit && in.has(pos)) {
            char c = in.charAt(pos);
            if (quote != 0) {
                int step = inString(in, c);
                if (step < 0) {
                    return -1;
                }
                pos += step;
                continue;
            }
            if (c == '\'' || c == '"') {
                Match three = in.match(pos, String.valueOf(c).repeat(3));
                if (three == Match.PARTIAL) {
                    return -1;
                }
                quote = c;
                triple = three == Match.YES;
                pos += triple ? 3 : 1;
                continue;
            }
            pos++;
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && --depth == 0) {
                return pos;
            }
        }
        return -1;
    }

    /** How far one step inside a string goes, or -1 to wait for the rest of a possible closer. */
    private int inString(Input in, char c) {
        if (escaped) {
            escaped = false;
        } else if (c == '\\') {
            escaped = true;
        } else if (c == '\n' && !triple) {
            quote = 0;
        } else if (c == quote) {
            if (!triple) {
                quote = 0;
                return 1;
            }
            Match three = in.match(pos, String.valueOf(c).repeat(3));
            if (three == Match.PARTIAL) {
                return -1;
            }
            if (three == Match.YES) {
                quote = 0;
                return 3;
            }
        }
        return 1;
    }
}
