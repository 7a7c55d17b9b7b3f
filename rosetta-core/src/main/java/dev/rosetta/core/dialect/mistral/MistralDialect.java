package dev.rosetta.core.dialect.mistral;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Mistral's native calls: tokenizer v11's {@code [TOOL_CALLS]NAME[ARGS]{json}} (what it writes;
 * also read without {@code [ARGS]}) and the older {@code [TOOL_CALLS] [{"name": …, "arguments":
 * {…}}]} list. Tools are declared as Mistral's {@code [AVAILABLE_TOOLS]} list declares them:
 * OpenAI-style function objects.
 */
public final class MistralDialect implements Dialect {

    public static final MistralDialect INSTANCE = new MistralDialect();

    private MistralDialect() {}

    @Override
    public String name() {
        return "mistral";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new MistralReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return MistralBlock.MARKER + spec.name() + MistralBlock.ARGS + Json.write(AtToolDialect.named(use, spec));
    }

    @Override
    public String describe(ToolSpec spec) {
        return NativePrompt.describe(this, spec, NativePrompt.functionJson(spec));
    }

    @Override
    public String callingConvention() {
        return """
                The tools are declared below as JSON function objects. To call a tool, write [TOOL_CALLS], \
                the tool's name, [ARGS] and its arguments as one JSON object that follows the tool's \
                parameters, with nothing in between: [TOOL_CALLS]NAME[ARGS]{"argument": "value"}. For \
                several calls, write one [TOOL_CALLS]NAME[ARGS]{…} after the other. Each call runs as soon \
                as its JSON closes, and the results come back to you in the next message.""";
    }
}
