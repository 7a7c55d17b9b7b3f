package dev.rosetta.core.dialect.described;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;

/**
 * An opening tag that names something: {@code <function=NAME>} and {@code <parameter=KEY>}
 * (Qwen3-Coder), or {@code <invoke name="NAME">} and {@code <parameter name="KEY">} (MiniMax-M2).
 * The name is stripped, and one pair of quotes around it removed.
 *
 * @param name        the name, or null when there is no such tag here (yet)
 * @param end         the index after the tag's {@code >}; {@link #NEED} or {@link #NONE} when {@code name} is null
 * @param selfClosing the tag ends in {@code />}: an element with nothing in it
 */
record TagHeader(String name, int end, boolean selfClosing) {

    /** Longer names are not tags: a stray {@code <function=} must not hold text back for long. */
    static final int MAX_NAME = 256;

    static final TagHeader NEED = new TagHeader(null, -1, false);
    static final TagHeader NONE = new TagHeader(null, -2, false);

    TagHeader(String name, int end) {
        this(name, end, false);
    }

    boolean found() {
        return name != null;
    }

    /** {@code <PREFIX=NAME>} at {@code at}, {@code prefix} ending in '='. */
    static TagHeader equalsForm(Input in, int at, String prefix) {
        Match m = in.match(at, prefix);
        if (m != Match.YES) {
            return m == Match.PARTIAL ? NEED : NONE;
        }
        int from = at + prefix.length();
        for (int i = from; ; i++) {
            if (!in.has(i)) {
                return in.complete() ? NONE : NEED;
            }
            char c = in.charAt(i);
            if (c == '>') {
                String raw = in.slice(from, i).strip();
                boolean selfClosing = raw.endsWith("/");
                String name = unquote(selfClosing ? raw.substring(0, raw.length() - 1).strip() : raw);
                return name.isEmpty() ? NONE : new TagHeader(name, i + 1, selfClosing);
            }
            if (c == '\n' || c == '<' || i - from >= MAX_NAME) {
                return NONE;
            }
        }
    }

    /** {@code <ELEMENT name="NAME">} at {@code at}, with single or double quotes. */
    static TagHeader nameForm(Input in, int at, String element) {
        Match m = in.match(at, element);
        if (m != Match.YES) {
            return m == Match.PARTIAL ? NEED : NONE;
        }
        int i = at + element.length();
        int spaces = i;
        while (in.has(i) && isBlank(in.charAt(i)) && i - spaces < 8) {
            i++;
        }
        if (i == spaces && in.has(i)) {
            return NONE;
        }
        for (char expected : new char[] {'n', 'a', 'm', 'e', '='}) {
            if (!in.has(i)) {
                return in.complete() ? NONE : NEED;
            }
            if (in.charAt(i++) != expected) {
                return NONE;
            }
        }
        if (!in.has(i)) {
            return in.complete() ? NONE : NEED;
        }
        char quote = in.charAt(i);
        if (quote != '"' && quote != '\'') {
            return NONE;
        }
        int from = i + 1;
        for (i = from; ; i++) {
            if (!in.has(i)) {
                return in.complete() ? NONE : NEED;
            }
            char c = in.charAt(i);
            if (c == quote) {
                break;
            }
            if (c == '\n' || i - from >= MAX_NAME) {
                return NONE;
            }
        }
        String name = in.slice(from, i).strip();
        i = afterAttributes(in, i + 1, from + MAX_NAME + 8);
        if (i == NEED.end || i == NONE.end) {
            return i == NEED.end ? NEED : NONE;
        }
        boolean selfClosing = in.charAt(i) == '/';
        if (selfClosing && !in.has(++i)) {
            return in.complete() ? NONE : NEED;
        }
        return in.charAt(i) == '>' && !name.isEmpty() ? new TagHeader(name, i + 1, selfClosing) : NONE;
    }

    /**
     * Skips blanks and any further attributes after the name ({@code string="true"}, as SGLang's
     * DeepSeek V3.2 tags write it: the tool's schema types the value anyway) up to the tag's end.
     * Returns where {@code >} or {@code />} starts, or NEED's or NONE's end.
     */
    private static int afterAttributes(Input in, int from, int limit) {
        int i = from;
        char quote = 0;
        while (true) {
            if (!in.has(i)) {
                return in.complete() ? NONE.end : NEED.end;
            }
            char c = in.charAt(i);
            if (i >= limit || c == '\n' || quote == 0 && c == '<') {
                return NONE.end;
            }
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>' || c == '/') {
                return i;
            }
            i++;
        }
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.charAt(0) == '"' || s.charAt(0) == '\'') && s.charAt(s.length() - 1) == s.charAt(0)) {
            return s.substring(1, s.length() - 1).strip();
        }
        return s;
    }
}
