package dev.rosetta.core.dialect.glm;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <tool_call>NAME} followed, after optional whitespace, by {@code <arg_key>} or
 * {@code </tool_call>} — at a line start or right after prose on a line. The name is one word
 * (letters, digits, {@code _ - . :}), so prose that merely mentions the tag stays prose, and
 * the same tag followed by JSON or {@code <function=} belongs to another dialect.
 */
final class GlmReader implements Reader {

    static final String OPENER = "<tool_call>";
    static final String CLOSER = "</tool_call>";
    static final String ARG_KEY = "<arg_key>";
    private static final int MAX_NAME = 128;
    private static final int MAX_GAP = 64;

    private final ToolCatalog tools;

    GlmReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }

    @Override
    public Opening open(Input in, int at) {
        Match opener = in.match(at, OPENER);
        if (opener != Match.YES) {
            return opener == Match.PARTIAL ? Opening.NEED_MORE : Opening.NONE;
        }
        int nameStart = skipSpace(in, at + OPENER.length());
        if (nameStart == TOO_LONG) {
            return Opening.NONE;
        }
        if (nameStart == CUT) {
            return cutShort(in, at, at + OPENER.length());
        }
        int nameEnd = nameStart;
        while (in.has(nameEnd) && isNameChar(in.charAt(nameEnd))) {
            if (nameEnd - nameStart >= MAX_NAME) {
                return Opening.NONE;
            }
            nameEnd++;
        }
        if (!in.has(nameEnd)) {
            // A word at the very end ("calls go in <tool_call> tags.") is more likely prose than a cut name.
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        if (nameEnd == nameStart) {
            return Opening.NONE;
        }
        int next = skipSpace(in, nameEnd);
        if (next == TOO_LONG) {
            return Opening.NONE;
        }
        boolean lineBreak = next == CUT && in.indexOf('\n', nameEnd) >= 0;
        if (next == CUT && !in.complete() || lineBreak || endsInside(in, next, ARG_KEY) || endsInside(in, next, CLOSER)) {
            return cutShort(in, at, nameEnd);
        }
        if (next == CUT) {
            return Opening.NONE;
        }
        if (in.match(next, ARG_KEY) == Match.YES || in.match(next, CLOSER) == Match.YES) {
            return Opening.of(new GlmBlock(tools, at, in.slice(nameStart, nameEnd), nameEnd));
        }
        return Opening.NONE;
    }

    private static final int CUT = -1;
    private static final int TOO_LONG = -2;

    /**
     * The index after whitespace from i, a literal {@code \n} counting as whitespace (GLM-4.6 writes
     * one instead of a line break); CUT when the visible text ends in it; TOO_LONG past {@link #MAX_GAP}.
     */
    private static int skipSpace(Input in, int i) {
        int from = i;
        while (in.has(i)) {
            if (i - from >= MAX_GAP) {
                return TOO_LONG;
            }
            char c = in.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\\' && (!in.has(i + 1) || in.charAt(i + 1) == 'n')) {
                i += 2;
            } else {
                return i;
            }
        }
        return CUT;
    }

    /** Whether text between tags is only layout: whitespace and literal {@code \n}. */
    static boolean isLayout(String text) {
        return text.replace("\\n", "").isBlank();
    }

    /** Whether the visible text ends inside {@code tag} begun at i. */
    private static boolean endsInside(Input in, int i, String tag) {
        int n = in.limit() - i;
        if (n >= tag.length()) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (in.charAt(i + k) != tag.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The visible text ends before the call's shape is clear: wait, or — at the end of the reply —
     * take it for a call that was cut off, so it is reported rather than shown as prose.
     */
    private Opening cutShort(Input in, int at, int nameEnd) {
        if (!in.complete()) {
            return Opening.NEED_MORE;
        }
        return Opening.of(new GlmBlock(tools, at, in.slice(at + OPENER.length(), nameEnd).strip(), nameEnd));
    }

    static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':';
    }
}
