package dev.rosetta.core.dialect.llama3;

import dev.rosetta.core.split.Input;

/**
 * Reads just enough of a bare JSON object to tell whether it is a call: its first key must be
 * {@code "name"} (or {@code "type": "function"} followed by {@code "name"}), and the name's value
 * is what it calls. Looks at a bounded prefix only, so a brace in prose is decided quickly.
 */
final class CallPeek {

    /** What the peek found: a name, no call, or not enough text yet. */
    record Result(String name, boolean needMore) {
        static final Result NONE = new Result(null, false);
        static final Result NEED_MORE = new Result(null, true);
    }

    private static final int MAX = 256;

    private final Input in;
    private final int from;
    private int pos;

    private CallPeek(Input in, int from) {
        this.in = in;
        this.from = from;
        this.pos = from;
    }

    /** The name the object at {@code brace} calls. */
    static Result nameAt(Input in, int brace) {
        try {
            String name = new CallPeek(in, brace).read();
            return name == null ? Result.NONE : new Result(name, false);
        } catch (Need e) {
            return in.complete() ? Result.NONE : Result.NEED_MORE;
        }
    }

    private String read() {
        expect('{');
        String key = string();
        if ("type".equals(key)) {
            if (!expect(':') || !"function".equals(string()) || !expect(',')) {
                return null;
            }
            key = string();
        }
        if (!"name".equals(key) || !expect(':')) {
            return null;
        }
        String name = string();
        return name == null || name.isEmpty() ? null : name;
    }

    /** Skips spaces, then takes {@code c}; false if another character stands there. */
    private boolean expect(char c) {
        spaces();
        if (peek() != c) {
            return false;
        }
        pos++;
        return true;
    }

    /** A double-quoted string without escapes (names and keys), or null. */
    private String string() {
        spaces();
        if (peek() != '"') {
            return null;
        }
        int start = ++pos;
        for (char c = peek(); c != '"'; c = peek()) {
            if (c == 0 || c == '\\' || c == '\n') {
                return null;
            }
            pos++;
        }
        return in.slice(start, pos++);
    }

    private void spaces() {
        while (Character.isWhitespace(peek())) {
            pos++;
        }
    }

    private char peek() {
        if (pos - from > MAX) {
            return 0;
        }
        if (!in.has(pos)) {
            throw new Need();
        }
        return in.charAt(pos);
    }

    private static final class Need extends RuntimeException {
        Need() {
            super(null, null, false, false);
        }
    }
}
