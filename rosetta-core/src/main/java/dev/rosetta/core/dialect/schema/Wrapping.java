package dev.rosetta.core.dialect.schema;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;

/**
 * The markup a recognised call may stand in: a tag ({@code <TOOLCALL>}), a special token
 * ({@code <|action_start|>}, {@code <｜tool▁call｜>}, Gemma's {@code <|tool_call>}) or a bracketed
 * token ({@code [TOOL_REQUEST]}) — a name between brackets, no spaces — and what closes it.
 */
final class Wrapping {

    /** Longer than this is not a token. */
    static final int MAX_TOKEN = 64;

    private Wrapping() {}

    /** The kinds of token, by the brackets they are written in. */
    enum Kind { TAG, SPECIAL, BRACKETED }

    /**
     * The length of the token at {@code at}, 0 when none is there, -1 while the visible text could
     * still become one. With {@code closer} a slash may follow the bracket ({@code </X>}, {@code [/X]}).
     */
    static int tokenAt(Input in, int at, boolean closer) {
        if (!in.has(at)) {
            return -1;
        }
        char open = in.charAt(at);
        if (open != '<' && open != '[') {
            return 0;
        }
        char close = open == '<' ? '>' : ']';
        int i = at + 1;
        if (closer) {
            if (!in.has(i)) {
                return -1;
            }
            if (in.charAt(i) == '/') {
                i++;
            }
        }
        int nameFrom = i;
        while (in.has(i) && i - at < MAX_TOKEN) {
            char c = in.charAt(i);
            if (c == close) {
                return i > nameFrom && hasLetter(in, nameFrom, i) ? i + 1 - at : 0;
            }
            if (!isTokenChar(c)) {
                return 0;
            }
            i++;
        }
        return in.has(i) ? 0 : -1;
    }

    private static boolean hasLetter(Input in, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.isLetter(in.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** The kind of the token {@code token}. */
    static Kind kind(String token) {
        if (token.startsWith("[")) {
            return Kind.BRACKETED;
        }
        return isBar(token.charAt(1)) || isBar(token.charAt(token.length() - 2)) ? Kind.SPECIAL : Kind.TAG;
    }

    /** Whether {@code closer} closes a construct opened by {@code opener}. */
    static boolean closes(String opener, String closer) {
        Kind kind = kind(opener);
        return switch (kind) {
            case TAG -> closer.equals("</" + opener.substring(1));
            case SPECIAL -> closer.startsWith("<") && kind(closer) == Kind.SPECIAL;
            case BRACKETED -> closer.startsWith("[");
        };
    }

    /** Whether {@code text} stands at {@code at}. */
    static Match at(Input in, int at, String text) {
        return in.match(at, text);
    }

    private static boolean isBar(char c) {
        return c == '|' || c == '\uFF5C';
    }

    private static boolean isTokenChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':' || isBar(c) || c == '\u2581';
    }
}
