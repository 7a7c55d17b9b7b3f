package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The key-value shape: an opener, the tool's name as one word, then keys and values in their own
 * elements ({@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>}, GLM).
 * The name must be followed, after optional whitespace, by a key or the closer — so prose that
 * merely mentions the opener stays prose, and the same opener followed by JSON or
 * {@code <function=} belongs to another dialect's spelling.
 */
final class KeyValueCalls extends FormReader {

    private static final int MAX_NAME = 128;
    private static final int MAX_GAP = 64;

    private final KeyValueTags tags;

    KeyValueCalls(Dialect dialect, CallForm form, ToolCatalog tools) {
        super(dialect, form, tools);
        this.tags = KeyValueTags.of(form);
    }

    @Override
    List<String> starts() {
        return tags.sectionOpen() == null ? List.of(tags.opener()) : List.of(tags.sectionOpen(), tags.opener());
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        int callAt = at;
        if (tags.sectionOpen() != null) {
            Match section = in.match(at, tags.sectionOpen());
            if (section == Match.YES) {
                callAt = skipSpace(in, at + tags.sectionOpen().length());
                if (callAt < 0) {
                    return callAt == CUT && !in.complete() ? Opening.NEED_MORE : Opening.NONE;
                }
            } else if (section == Match.PARTIAL && in.match(at, tags.opener()) != Match.YES) {
                return Opening.NEED_MORE;
            }
        }
        Match opener = in.match(callAt, tags.opener());
        if (opener != Match.YES) {
            return opener == Match.PARTIAL ? Opening.NEED_MORE : Opening.NONE;
        }
        int afterOpener = callAt + tags.opener().length();
        int nameStart = skipSpace(in, afterOpener);
        if (nameStart == TOO_LONG) {
            return Opening.NONE;
        }
        if (nameStart == CUT) {
            return cutShort(in, at, afterOpener, afterOpener, callAt != at || lineStart);
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
        int bodyStart = nameEnd;
        int next = skipSpace(in, nameEnd);
        if (next >= 0 && tags.separator() != null) {
            Match sep = in.match(next, tags.separator());
            if (sep == Match.PARTIAL) {
                return Opening.NEED_MORE;
            }
            if (sep == Match.YES) {
                bodyStart = next + tags.separator().length();
                next = skipSpace(in, bodyStart);
            }
        }
        if (next == TOO_LONG) {
            return Opening.NONE;
        }
        boolean lineBreak = next == CUT && in.indexOf('\n', nameEnd) >= 0;
        if (next == CUT && !in.complete() || lineBreak || endsInside(in, next, tags.keyOpener())
                || endsInside(in, next, tags.closer())) {
            return cutShort(in, at, afterOpener, bodyStart, callAt != at || lineStart);
        }
        if (next == CUT) {
            return Opening.NONE;
        }
        if (in.match(next, tags.keyOpener()) == Match.YES || in.match(next, tags.closer()) == Match.YES) {
            return Opening.of(new KeyValueBlock(dialect, tags, tools, at, in.slice(nameStart, nameEnd), bodyStart,
                    callAt != at || lineStart));
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
    private Opening cutShort(Input in, int at, int nameFrom, int bodyStart, boolean mayEndSection) {
        if (!in.complete()) {
            return Opening.NEED_MORE;
        }
        String name = in.slice(nameFrom, bodyStart).strip();
        if (tags.separator() != null && name.endsWith(tags.separator())) {
            name = name.substring(0, name.length() - tags.separator().length()).strip();
        }
        return Opening.of(new KeyValueBlock(dialect, tags, tools, at, name, bodyStart, mayEndSection));
    }

    static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':';
    }
}
