package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims a line that starts, after at most {@link #MAX_INDENT} spaces or tabs, with
 * {@code <tool-use>} or {@code <function_calls>} (with or without a namespace prefix such as
 * {@code antml:}); the {@link Wrapper} reads on from there. Anywhere else these tags are prose.
 */
final class XmlReader implements Reader {

    static final String TOOL_USE = "<tool-use>";
    static final String FUNCTION_CALLS = "function_calls>";
    static final int MAX_INDENT = 8;
    private static final int MAX_PREFIX = 64;

    private final ToolCatalog tools;

    XmlReader(ToolCatalog tools) {
        this.tools = tools;
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
        if (in.charAt(i) != '<') {
            return Opening.NONE;
        }
        Match toolUse = in.match(i, TOOL_USE);
        if (toolUse == Match.YES) {
            return Opening.of(new Wrapper(tools, i, TOOL_USE));
        }
        Match plain = in.match(i + 1, FUNCTION_CALLS);
        if (plain == Match.YES) {
            return Opening.of(new Wrapper(tools, i, "<" + FUNCTION_CALLS));
        }
        int prefixed = prefixedEnd(in, i);
        if (prefixed > 0) {
            return Opening.of(new Wrapper(tools, i, in.slice(i, prefixed)));
        }
        boolean undecided = toolUse == Match.PARTIAL || plain == Match.PARTIAL || prefixed == -2;
        return undecided ? Opening.NEED_MORE : Opening.NONE;
    }

    /** The end of {@code <prefix:function_calls>} at i; -1 if there is none, -2 if one may still come. */
    private static int prefixedEnd(Input in, int i) {
        int j = i + 1;
        if (in.has(j) && !XmlText.isNameStart(in.charAt(j))) {
            return -1;
        }
        while (in.has(j) && in.charAt(j) != ':' && XmlText.isNameChar(in.charAt(j))) {
            if (j - i > MAX_PREFIX) {
                return -1;
            }
            j++;
        }
        if (!in.has(j)) {
            return in.complete() ? -1 : -2;
        }
        if (in.charAt(j) != ':' || j == i + 1) {
            return -1;
        }
        return switch (in.match(j + 1, FUNCTION_CALLS)) {
            case YES -> j + 1 + FUNCTION_CALLS.length();
            case PARTIAL -> -2;
            case NO -> -1;
        };
    }
}
