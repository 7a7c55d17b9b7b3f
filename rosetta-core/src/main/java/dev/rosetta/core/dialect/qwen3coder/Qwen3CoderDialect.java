package dev.rosetta.core.dialect.qwen3coder;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Tool calls as Qwen3-Coder (and Qwen3.5, Seed-OSS, Step-3.5) write them:
 * {@code <tool_call><function=NAME><parameter=KEY>raw value</parameter></function></tool_call>},
 * with raw, untyped values that the tool's declaration types. MiniMax-M2's
 * {@code <minimax:tool_call><invoke name="NAME"><parameter name="KEY">…} is the same grammar
 * with other tag names, and is read here too.
 */
public final class Qwen3CoderDialect implements Dialect {

    public static final Qwen3CoderDialect INSTANCE = new Qwen3CoderDialect();

    private Qwen3CoderDialect() {}

    @Override
    public String name() {
        return "qwen3-coder";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new Qwen3CoderReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return Qwen3CoderWriter.write(use, spec);
    }

    @Override
    public String describe(ToolSpec spec) {
        return Qwen3CoderPrompt.describe(spec);
    }

    @Override
    public String callingConvention() {
        return Qwen3CoderPrompt.CALLING_CONVENTION;
    }

    @Override
    public String describeTools(List<ToolSpec> tools) {
        return Qwen3CoderPrompt.tools(tools);
    }
}
