package dev.rosetta.core.dialect.described;


import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The object shape: an opener, the tool's name after an optional prefix, then its arguments as
 * an object in Gemma's syntax — {@code <|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>}
 * (Gemma 4), {@code <start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call>}
 * (FunctionGemma). The opener must be followed, within a bounded stretch, by a name and a brace,
 * so prose that mentions it stays prose.
 */
final class ObjectCalls extends FormReader {

    /** More than this between the opener and the brace is not a call's head. */
    static final int MAX_HEAD = 256;


    ObjectCalls(Dialect dialect, CallForm form, ToolCatalog tools) {
        super(dialect, form, tools);
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        boolean partial = false;
        for (int o = 0; o < form.open().size(); o++) {
            Match m = in.match(at, form.open().get(o));
            if (m == Match.YES) {
                int from = at + form.open().get(o).length();
                return switch (ObjectCallsBlock.head(in, from, form.namePrefix())) {
                    case YES -> Opening.of(new ObjectCallsBlock(dialect, tools, form, o, at, from));
                    case PARTIAL -> in.complete() ? Opening.of(new ObjectCallsBlock(dialect, tools, form, o, at, from))
                            : Opening.NEED_MORE;
                    case NO -> Opening.NONE;
                };
            }
            partial |= m == Match.PARTIAL;
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
    }
}
