package dev.rosetta.core.dialect.kimi;

import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/** Claims {@code <|tool_calls_section_begin|>} (either spelling) or a lone {@code <|tool_call_begin|>}, also after prose on a line. */
final class KimiReader implements Reader {

    private final ToolCatalog tools;

    KimiReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) != '<') {
            return Opening.NONE;
        }
        return TokenSection.open(in, at, KimiTokens.INSTANCE, tools);
    }

    @Override
    public String midLineStarts() {
        return "<";
    }
}
