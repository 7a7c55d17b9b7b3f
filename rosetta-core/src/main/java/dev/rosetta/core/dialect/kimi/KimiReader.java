package dev.rosetta.core.dialect.kimi;

import java.util.List;

import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <|tool_calls_section_begin|>} (either spelling) or a lone {@code <|tool_call_begin|>},
 * also after prose on a line; an end-of-turn token left in the text is markup.
 */
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
        Opening section = TokenSection.open(in, at, KimiTokens.INSTANCE, tools);
        if (section.kind() != Opening.Kind.NONE) {
            return section;
        }
        return MarkupToken.open(in, at, List.of(KimiTokens.END_OF_TURN));
    }

    @Override
    public String midLineStarts() {
        return "<";
    }
}
