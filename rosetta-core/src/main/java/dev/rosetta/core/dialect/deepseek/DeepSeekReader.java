package dev.rosetta.core.dialect.deepseek;

import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims a DeepSeek tool-call section ({@code <｜tool▁calls▁begin｜>}, or a lone
 * {@code <｜tool▁call▁begin｜>}) and V3.2's DSML ({@code <｜DSML｜function_calls>},
 * {@code <｜DSML｜tool_calls>} or a lone {@code <｜DSML｜invoke}), also right after prose on a line.
 */
final class DeepSeekReader implements Reader {

    private final ToolCatalog tools;

    DeepSeekReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) != '<') {
            return Opening.NONE;
        }
        Opening section = TokenSection.open(in, at, DeepSeekTokens.INSTANCE, tools);
        if (section.kind() == Opening.Kind.BLOCK) {
            return section;
        }
        Opening dsml = DsmlBlock.open(in, at, tools);
        if (dsml.kind() == Opening.Kind.BLOCK) {
            return dsml;
        }
        return section.undecided() || dsml.undecided() ? Opening.NEED_MORE : Opening.NONE;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }
}
