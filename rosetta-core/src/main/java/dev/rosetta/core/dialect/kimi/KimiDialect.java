package dev.rosetta.core.dialect.kimi;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Kimi K2's native calls: {@code <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX
 * <|tool_call_argument_begin|>{json}<|tool_call_end|>…<|tool_calls_section_end|>}. The id
 * {@code functions.NAME:IDX} is the call's id. Tools are declared as Kimi's template declares
 * them: OpenAI-style function objects with their JSON schema.
 */
public final class KimiDialect implements Dialect {

    public static final KimiDialect INSTANCE = new KimiDialect();

    private KimiDialect() {}

    @Override
    public String name() {
        return "kimi";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new KimiReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return KimiTokens.SECTION_BEGIN + KimiTokens.CALL_BEGIN + KimiTokens.idFor(spec.name(), use.callId())
                + KimiTokens.ARGUMENT_BEGIN + Json.write(AtToolDialect.named(use, spec))
                + KimiTokens.CALL_END + KimiTokens.SECTION_END;
    }

    @Override
    public String describe(ToolSpec spec) {
        return NativePrompt.describe(this, spec, NativePrompt.functionJson(spec));
    }

    @Override
    public String callingConvention() {
        return """
                The tools are declared below as JSON function objects. To call tools, write a tool-call \
                section: <|tool_calls_section_begin|>, then for each call <|tool_call_begin|>functions.NAME:INDEX\
                <|tool_call_argument_begin|>{"argument": "value"}<|tool_call_end|>, then \
                <|tool_calls_section_end|>. NAME is the tool's name, INDEX counts your calls from 0, and \
                the arguments are one JSON object that follows the tool's parameters. A section may hold \
                several calls; each runs as soon as its <|tool_call_end|> arrives, and the results come \
                back to you in the next message.""";
    }
}
