package dev.rosetta.core.dialect.attool;

import dev.rosetta.core.split.Input;

/**
 * Finds where a JSON object (or list) ends, as models write it: brackets are matched outside strings
 * (double-quoted, or single-quoted where a value may start) and outside comments; a '}' also
 * closes brackets left open inside it ({@code {"a": [1, 2}}). State is kept between calls and
 * every decision looks only backwards, so streamed text is scanned once and gives the same
 * answer however it is cut.
 */
public final class JsonExtent {

    private final StringBuilder open = new StringBuilder();
    private int pos;
    private char quote;
    private boolean escaped;
    private boolean lineComment;
    private boolean blockComment;
    /** The character just before, outside strings (0 after a comment or string ends). */
    private char prev;
    /** The last character outside strings and comments that was not whitespace. */
    private char lastSignificant;

    /** Starts at the opening brace (or bracket: the extent is then the list's). */
    public JsonExtent(int openingBrace) {
        this.pos = openingBrace;
    }

    /** The index after the balancing '}' (or ']'), or -1 if it has not arrived yet. */
    public int scan(Input in) {
        return scan(in, in.limit());
    }

    /**
     * Scans on, but not past {@code until}: the index after the balancing '}', or -1 if it is not
     * before {@code until}. A caller that looks for its own delimiter between JSON values (a closing
     * tag where the model forgot a brace) stops the scan there and asks {@link #outsideStrings}.
     */
    public int scan(Input in, int until) {
        int end = Math.min(until, in.limit());
        while (pos < end) {
            if (next(in)) {
                return pos;
            }
        }
        return -1;
    }

    /**
     * Reads the character at {@link #position()}; true when it closed the outermost object. For
     * scans that stop early at a delimiter ({@code <|tool_call_end|>}) seen outside strings.
     */
    public boolean next(Input in) {
        return step(in.charAt(pos++));
    }

    /** The index of the next character to read: where the scan resumes. */
    public int position() {
        return pos;
    }

    /** Whether the scan stands outside strings and comments, where a delimiter would count. */
    public boolean outsideStrings() {
        return quote == 0 && !lineComment && !blockComment;
    }

    /** Consumes one character; true when it closed the outermost object. */
    private boolean step(char c) {
        if (quote != 0) {
            inString(c);
        } else if (lineComment) {
            lineComment = c != '\n';
        } else if (blockComment) {
            blockComment = !(c == '/' && prev == '*');
            prev = blockComment ? c : 0;
        } else {
            return outside(c);
        }
        return false;
    }

    private void inString(char c) {
        if (escaped) {
            escaped = false;
        } else if (c == '\\') {
            escaped = true;
        } else if (c == quote) {
            quote = 0;
            lastSignificant = c;
            prev = c;
        }
    }

    private boolean outside(char c) {
        char before = prev;
        prev = c;
        if (Character.isWhitespace(c)) {
            return false;
        }
        boolean closed = false;
        switch (c) {
            case '{', '[' -> open.append(c);
            case '}' -> closed = closeObject();
            case ']' -> closed = closeArray();
            case '"' -> quote = '"';
            // An apostrophe opens a string only where a key or value may start ("it's" stays text).
            case '\'' -> quote = "{[,:".indexOf(lastSignificant) >= 0 ? '\'' : 0;
            case '#' -> lineComment = true;
            case '/' -> lineComment = before == '/';
            case '*' -> {
                blockComment = before == '/';
                prev = 0;
            }
            default -> { }
        }
        lastSignificant = c;
        return closed && open.isEmpty();
    }

    /** Pops through the innermost '{', closing arrays left open inside it. */
    private boolean closeObject() {
        int at = open.lastIndexOf("{");
        if (at < 0) {
            return false;
        }
        open.setLength(at);
        return true;
    }

    /** A ']' closes an open array; one with an object innermost is a stray and is ignored. True when it closed one. */
    private boolean closeArray() {
        if (!open.isEmpty() && open.charAt(open.length() - 1) == '[') {
            open.setLength(open.length() - 1);
            return true;
        }
        return false;
    }
}
