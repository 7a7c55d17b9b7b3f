package dev.rosetta.core.dialect.qwen3coder;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <tool_call>} or {@code <minimax:tool_call>} followed, after optional whitespace,
 * by {@code <function=}, {@code <function } or {@code <invoke }, and a bare {@code <function=NAME>}
 * or {@code <function name="NAME">} followed by a parameter, {@code </function>} or a JSON body, or
 * self-closing — at a line start or right after prose on a line.
 */
final class Qwen3CoderReader implements Reader {

    /** More whitespace than this after the wrapper is not a call: a stray tag must not hold text back. */
    private static final int MAX_GAP = 256;
    private static final String INVOKE = Function.Kind.INVOKE.opener + " ";
    /** The functions read without a wrapper: {@code <function=NAME>} and {@code <function name="NAME">}. */
    private static final java.util.List<Function.Kind> BARE = java.util.List.of(Function.Kind.FUNCTION,
            Function.Kind.FUNCTION_NAMED);

    /** {@link Wrapper#values()} without a copy per '<' asked about. */
    private static final java.util.List<Wrapper> WRAPPERS = java.util.List.of(Wrapper.values());

    private final ToolCatalog tools;

    Qwen3CoderReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "<";
    }

    @Override
    public String secondChars(char first) {
        return "tfm";
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
        for (Wrapper w : WRAPPERS) {
            Match m = in.match(at, w.opener());
            if (m == Match.YES) {
                return afterWrapper(in, at, w);
            }
            partial |= m == Match.PARTIAL;
        }
        for (Function.Kind kind : BARE) {
            Header bare = kind.header(in, at);
            if (bare.found()) {
                return bare.selfClosing() ? Opening.of(new Qwen3CoderBlock(tools, null, at, at))
                        : bareFunction(in, at, bare.end());
            }
            partial |= bare == Header.NEED;
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
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
        Match named = in.match(i, Function.Kind.FUNCTION_NAMED.opener);
        Match invoke = in.match(i, INVOKE);
        if (function == Match.YES || named == Match.YES || invoke == Match.YES) {
            return Opening.of(new Qwen3CoderBlock(tools, wrapper, at, i));
        }
        return function == Match.PARTIAL || named == Match.PARTIAL || invoke == Match.PARTIAL
                ? Opening.NEED_MORE : Opening.NONE;
    }
}
