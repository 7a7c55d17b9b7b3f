package dev.rosetta.core.dialect.attool;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Reads {@code @TOOL(CALL_ID): {json}} and {@code @TOOL: {json}} at the start of a line. The
 * JSON may span lines; the call ends at the brace that balances the first one.
 */
final class AtToolReader implements Reader {

    /** Longer names and ids are prose: a stray '@' must not hold text back for long. */
    private static final int MAX_NAME = 128;
    private static final int MAX_ID = 256;
    private static final int MAX_GAP = 64;

    private final ToolCatalog tools;

    AtToolReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "@";
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) != '@') {
            return Opening.NONE;
        }
        int nameEnd = scan(in, at + 1, MAX_NAME, AtToolReader::isNameChar);
        if (nameEnd == NEED) {
            return Opening.NEED_MORE;
        }
        if (nameEnd <= at + 1 || nameEnd == TOO_LONG) {
            return Opening.NONE;
        }
        int i = nameEnd;
        String callId = null;
        if (in.charAt(i) == '(') {
            int idEnd = scan(in, i + 1, MAX_ID, c -> c != ')' && c != '\n');
            if (idEnd == NEED) {
                return Opening.NEED_MORE;
            }
            if (idEnd == TOO_LONG || in.charAt(idEnd) != ')' || !validId(in, i + 1, idEnd)) {
                return Opening.NONE;
            }
            callId = in.slice(i + 1, idEnd);
            i = idEnd + 1;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        if (in.charAt(i) != ':') {
            return Opening.NONE;
        }
        int brace = scan(in, i + 1, MAX_GAP, Character::isWhitespace);
        if (brace == NEED) {
            return Opening.NEED_MORE;
        }
        if (brace == TOO_LONG || in.charAt(brace) != '{') {
            return Opening.NONE;
        }
        String name = in.slice(at + 1, nameEnd);
        return Opening.of(new AtToolBlock(at, brace, name, callId, tools.resolve(name).orElse(null), tools));
    }

    private static final int NEED = -1;
    private static final int TOO_LONG = -2;

    /**
     * The index of the first character after {@code from} that is not accepted, if seen within
     * {@code max} characters; NEED when the visible text ends first; TOO_LONG past {@code max}.
     */
    private static int scan(Input in, int from, int max, CharTest accepts) {
        int i = from;
        while (in.has(i) && accepts.test(in.charAt(i))) {
            if (i - from >= max) {
                return TOO_LONG;
            }
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? TOO_LONG : NEED;
        }
        return i;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
    }

    /** Ids as providers make them: word characters, '-', ':', '.' (Kimi: functions.ipython:0). */
    private static boolean validId(Input in, int from, int to) {
        if (to == from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = in.charAt(i);
            if (!(isNameChar(c) || c == ':')) {
                return false;
            }
        }
        return true;
    }

    @FunctionalInterface
    private interface CharTest {
        boolean test(char c);
    }
}
