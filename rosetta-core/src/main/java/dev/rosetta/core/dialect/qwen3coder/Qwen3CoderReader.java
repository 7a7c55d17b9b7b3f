package dev.rosetta.core.dialect.qwen3coder;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <tool_call>} or {@code <minimax:tool_call>} followed, after optional whitespace,
 * by {@code <function=} or {@code <invoke }, and a bare {@code <function=NAME>} followed by a
 * parameter, {@code </function>} or a JSON body — at a line start or right after prose on a line.
 */
final class Qwen3CoderReader implements Reader {

    /** More whitespace than this after the wrapper is not a call: a stray tag must not hold text back. */
    private static final int MAX_GAP = 256;
    private static final String INVOKE = Function.Kind.INVOKE.opener + " ";

    private final ToolCatalog tools;

    Qwen3CoderReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) != '<') {
            return Opening.NONE;
        }
        boolean partial = false;
        for (Wrapper w : Wrapper.values()) {
            Match m = in.match(at, w.opener());
            if (m == Match.YES) {
                return afterWrapper(in, at, w);
            }
            partial |= m == Match.PARTIAL;
        }
        Header bare = Header.equalsForm(in, at, Function.Kind.FUNCTION.opener);
        if (bare.found()) {
            return bareFunction(in, at, bare.end());
        }
        return partial || bare == Header.NEED ? Opening.NEED_MORE : Opening.NONE;
    }

    /**
     * Without a wrapper, {@code <function=NAME>} is a call only when a parameter, its closer or a
     * JSON body follows: prose that mentions the tag must not swallow the rest of the reply.
     */
    private Opening bareFunction(Input in, int at, int headerEnd) {
        int i = headerEnd;
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            if (i - headerEnd > MAX_GAP) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.of(new Qwen3CoderBlock(tools, null, at, at)) : Opening.NEED_MORE;
        }
        if (in.charAt(i) == '{') {
            return Opening.of(new Qwen3CoderBlock(tools, null, at, at));
        }
        Match parameter = in.match(i, "<parameter");
        Match closer = in.match(i, Function.Kind.FUNCTION.closer);
        if (parameter == Match.YES || closer == Match.YES) {
            return Opening.of(new Qwen3CoderBlock(tools, null, at, at));
        }
        return parameter == Match.PARTIAL || closer == Match.PARTIAL ? Opening.NEED_MORE : Opening.NONE;
    }

    private Opening afterWrapper(Input in, int at, Wrapper wrapper) {
        int i = at + wrapper.opener().length();
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            if (i - at > MAX_GAP) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            // The reply ends right after the wrapper: a call cut off before its function.
            return in.complete() ? Opening.of(new Qwen3CoderBlock(tools, wrapper, at, i)) : Opening.NEED_MORE;
        }
        Match function = in.match(i, Function.Kind.FUNCTION.opener);
        Match invoke = in.match(i, INVOKE);
        if (function == Match.YES || invoke == Match.YES) {
            return Opening.of(new Qwen3CoderBlock(tools, wrapper, at, i));
        }
        return function == Match.PARTIAL || invoke == Match.PARTIAL ? Opening.NEED_MORE : Opening.NONE;
    }
}
