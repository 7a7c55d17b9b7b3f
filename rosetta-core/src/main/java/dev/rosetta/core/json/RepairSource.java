package dev.rosetta.core.json;

import static dev.rosetta.core.json.JsonTokens.isSpace;
import static dev.rosetta.core.json.JsonTokens.isTerminator;
import static dev.rosetta.core.json.JsonTokens.isWordChar;

/**
 * The text {@link JsonRewriter} repairs, looked at without being consumed: the bounded looks ahead
 * that decide whether a quote ends its string and where whitespace and comments end, and how a place
 * in the text is named in an error.
 */
final class RepairSource {

    /** How far a comment after a quote may run before we stop believing it is one. */
    private static final int COMMENT_LOOKAHEAD = 160;

    private final String text;
    private final int length;

    RepairSource(String text) {
        this.text = text;
        this.length = text.length();
    }

    /**
     * Whether the quote at {@code quoteAt} ends its string. Models forget to escape quotes inside
     * strings, so a quote ends the string only where JSON could go on after a string: before
     * {@code , } ] :}, the end of input, or another string that itself ends there.
     */
    boolean closesString(int quoteAt) {
        int next = skipInsignificant(quoteAt + 1);
        if (next == length) {
            return true;
        }
        if (next < 0) {
            return false;
        }
        char c = text.charAt(next);
        return isTerminator(c) || (c == '"' || c == '\'') && startsWholeString(next);
    }

    /**
     * Whether a string opening at {@code open} ends before a terminator or another quote (then
     * the model forgot a comma). Scans only up to the next quote of its kind, so no character
     * is looked at by more than a couple of these lookaheads.
     */
    boolean startsWholeString(int open) {
        char quote = text.charAt(open);
        int i = open + 1;
        while (i < length && text.charAt(i) != quote) {
            i += text.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= length) {
            return false;
        }
        int after = skipInsignificant(i + 1);
        if (after == length) {
            return true;
        }
        return after >= 0 && (isTerminator(text.charAt(after)) || text.charAt(after) == '"' || text.charAt(after) == '\'');
    }

    /**
     * The index after whitespace and short comments (comments only after some whitespace, as
     * {@code "//cdn"} or {@code "#fff"} right after a quote are content); -1 if a comment runs too long.
     */
    int skipInsignificant(int from) {
        int i = from;
        int budget = COMMENT_LOOKAHEAD;
        while (i < length) {
            if (isSpace(text.charAt(i))) {
                i++;
            } else if (i > from && startsComment(i)) {
                int end = commentEnd(i, Math.min(length, i + budget));
                if (end < 0 || end == length) { // a comment running to the end would leave everything unclosed
                    return -1;
                }
                budget -= end - i;
                i = end;
            } else {
                return i;
            }
        }
        return length;
    }

    boolean startsComment(int i) {
        char c = text.charAt(i);
        if (c == '#') {
            return true;
        }
        return c == '/' && i + 1 < length && (text.charAt(i + 1) == '/' || text.charAt(i + 1) == '*');
    }

    /** The index just after the comment at {@code i} (a line comment stops before its newline), or -1 if it does not end before {@code limit}. */
    int commentEnd(int i, int limit) {
        if (text.charAt(i) == '/' && text.charAt(i + 1) == '*') {
            for (int k = i + 2; k + 1 < limit; k++) {
                if (text.charAt(k) == '*' && text.charAt(k + 1) == '/') {
                    return k + 2;
                }
            }
            return -1;
        }
        for (int k = i; k < limit; k++) {
            if (text.charAt(k) == '\n') {
                return k;
            }
        }
        return limit == length ? length : -1;
    }

    /** Where {@code at} is, as an error names it: line and column, both from 1. */
    String location(int at) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (at - lineStart + 1);
    }

    /** What stands at {@code at}, as an error quotes it: a word whole (shortened), a control character by its code. */
    String found(int at) {
        if (at >= length) {
            return "end of input";
        }
        int cp = text.codePointAt(at);
        if (cp < 0x20 || cp == 0x7f) {
            return String.format("U+%04X", cp);
        }
        if (isWordChar(text.charAt(at))) {
            int end = at;
            while (end < length && end - at < 41 && isWordChar(text.charAt(end))) {
                end++;
            }
            return "'" + shorten(text.substring(at, end)) + "'";
        }
        return "'" + Character.toString(cp) + "'";
    }

    /** A key or token cut to 40 characters for an error message. */
    static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
