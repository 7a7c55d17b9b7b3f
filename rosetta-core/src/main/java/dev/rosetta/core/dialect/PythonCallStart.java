package dev.rosetta.core.dialect;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Whether a Python call of a loaded tool, {@code NAME(}, starts at a position (after whitespace):
 * how the pythonic reader tells its calls from prose where no token marks them, and how the xml
 * reader leaves Olmo 3's {@code <function_calls>get_weather(…)} to it. Looks a bounded way only.
 */
public final class PythonCallStart {

    /** Longer than this, what follows is not the start of a call. */
    public static final int MAX_LOOK = 160;

    private PythonCallStart() {}

    /** YES when {@code NAME(} of a loaded tool starts at {@code from} after whitespace, PARTIAL while the text may still show it. */
    public static Match at(Input in, int from, ToolCatalog tools) {
        int i = from;
        while (in.has(i) && Character.isWhitespace(in.charAt(i)) && i - from < MAX_LOOK) {
            i++;
        }
        int nameFrom = i;
        while (in.has(i) && isNameChar(in.charAt(i)) && i - from < MAX_LOOK) {
            i++;
        }
        int nameEnd = i;
        while (in.has(i) && Character.isWhitespace(in.charAt(i)) && i - from < MAX_LOOK) {
            i++;
        }
        if (!in.has(i) && i - from < MAX_LOOK) {
            return in.complete() ? Match.NO : Match.PARTIAL;
        }
        if (nameEnd == nameFrom || !isNameStart(in.charAt(nameFrom)) || !in.has(i) || in.charAt(i) != '(') {
            return Match.NO;
        }
        return tools.resolve(in.slice(nameFrom, nameEnd)).isPresent() ? Match.YES : Match.NO;
    }

    public static boolean isNameStart(char c) {
        return c < 128 && (Character.isLetter(c) || c == '_');
    }

    public static boolean isNameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.');
    }
}
