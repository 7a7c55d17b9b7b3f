package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.dialect.PythonCallStart;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims a line that starts, after at most {@link #MAX_INDENT} spaces or tabs, with
 * {@code <tool-use>} or {@code <function_calls>} (with or without a namespace prefix such as
 * {@code antml:}), or such a wrapper right after prose on a line when an element follows it; the
 * {@link Wrapper} reads on from there. Anywhere else these tags are prose.
 */
final class XmlReader implements Reader {

    static final String TOOL_USE = "<tool-use>";
    static final String FUNCTION_CALLS = "function_calls>";
    static final int MAX_INDENT = 8;
    /** Whitespace allowed between a mid-line wrapper and its first element. */
    private static final int MAX_GAP = 256;
    private static final int MAX_PREFIX = 64;

    private final ToolCatalog tools;

    XmlReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "< \t";
    }

    @Override
    public String midLineStarts() {
        return "<";
    }

    @Override
    public Opening open(Input in, int at) {
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t')) {
            if (i - at == MAX_INDENT) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        int opener = openerEnd(in, i);
        if (opener == UNDECIDED) {
            return Opening.NEED_MORE;
        }
        if (opener < 0) {
            return Opening.NONE;
        }
        return switch (pythonCalls(in, i, opener)) {
            case YES -> Opening.NONE;
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.of(new Wrapper(tools, i, in.slice(i, opener)));
        };
    }

    /** Olmo 3 writes Python calls in {@code <function_calls>}: that wrapper is the pythonic reader's. */
    private Match pythonCalls(Input in, int at, int opener) {
        return in.charAt(at + 1) == 'f' ? PythonCallStart.at(in, opener, tools) : Match.NO;
    }

    /**
     * After prose on a line ({@code I'll save it. <tool-use><save …>}) the wrapper must be followed,
     * after optional whitespace, by an element's {@code <}: {@code Claude writes <function_calls>
     * blocks} is a mention, and would otherwise become a wrapper that hides its own tag.
     */
    @Override
    public Opening openMidLine(Input in, int at) {
        if (onlyIndentedBy(in, at)) {
            // Past the indentation a line start allows: an indented example, not prose before a call.
            return Opening.NONE;
        }
        int opener = openerEnd(in, at);
        if (opener == UNDECIDED) {
            return Opening.NEED_MORE;
        }
        if (opener < 0) {
            return Opening.NONE;
        }
        int i = opener;
        while (in.has(i) && XmlText.isSpace(in.charAt(i))) {
            if (i - opener == MAX_GAP) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        return in.charAt(i) == '<' ? Opening.of(new Wrapper(tools, at, in.slice(at, opener))) : Opening.NONE;
    }

    /** Whether only spaces and tabs stand between the line's start and {@code at}. */
    private static boolean onlyIndentedBy(Input in, int at) {
        int i = at - 1;
        while (i >= 0 && (in.charAt(i) == ' ' || in.charAt(i) == '\t')) {
            i--;
        }
        return i < 0 || in.charAt(i) == '\n';
    }

    private static final int UNDECIDED = -2;

    /** The end of a wrapper opener at i; -1 if none starts there, UNDECIDED if one may still. */
    private static int openerEnd(Input in, int i) {
        if (in.charAt(i) != '<') {
            return -1;
        }
        Match toolUse = in.match(i, TOOL_USE);
        if (toolUse == Match.YES) {
            return i + TOOL_USE.length();
        }
        Match plain = in.match(i + 1, FUNCTION_CALLS);
        if (plain == Match.YES) {
            return i + 1 + FUNCTION_CALLS.length();
        }
        int prefixed = prefixedEnd(in, i);
        if (prefixed > 0) {
            return prefixed;
        }
        boolean undecided = toolUse == Match.PARTIAL || plain == Match.PARTIAL || prefixed == -2;
        return undecided ? UNDECIDED : -1;
    }

    /** The end of {@code <prefix:function_calls>} at i; -1 if there is none, -2 if one may still come. */
    private static int prefixedEnd(Input in, int i) {
        int j = i + 1;
        if (in.has(j) && !XmlText.isNameStart(in.charAt(j))) {
            return -1;
        }
        // Each character of the name is looked at once: a tag in prose is read to its end here.
        char c = 0;
        while (in.has(j) && (c = in.charAt(j)) != ':' && XmlText.isNameChar(c)) {
            if (j - i > MAX_PREFIX) {
                return -1;
            }
            j++;
        }
        if (!in.has(j)) {
            return in.complete() ? -1 : -2;
        }
        if (c != ':' || j == i + 1) {
            return -1;
        }
        return switch (in.match(j + 1, FUNCTION_CALLS)) {
            case YES -> j + 1 + FUNCTION_CALLS.length();
            case PARTIAL -> -2;
            case NO -> -1;
        };
    }
}
