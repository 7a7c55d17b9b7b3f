package dev.rosetta.core.dialect.deepseek;

import java.util.List;

import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims a DeepSeek tool-call section ({@code <｜tool▁calls▁begin｜>}, or a lone
 * {@code <｜tool▁call▁begin｜>}) and V3.2's DSML ({@code <｜DSML｜function_calls>},
 * {@code <｜DSML｜tool_calls>} or a lone {@code <｜DSML｜invoke}), also right after prose on a line;
 * an end-of-sentence token left in the text is markup.
 */
final class DeepSeekReader implements Reader {

    private final ToolCatalog tools;

    DeepSeekReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "<";
    }

    @Override
    public String secondChars(char first) {
        return "\uFF5C";
    }

    /** DeepSeek's tokens, the DSML wrappers among them, all begin {@code <｜}. */
    @Override
    public List<String> literalStarts() {
        return List.of("<\uFF5C");
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
        Opening end = MarkupToken.open(in, at, List.of(DeepSeekTokens.END_OF_SENTENCE));
        if (end.kind() == Opening.Kind.BLOCK) {
            return end;
        }
        return section.undecided() || dsml.undecided() || end.undecided() ? Opening.NEED_MORE : Opening.NONE;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }
}
