package dev.rosetta.core.dialect.hermes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Tool calls as Hermes, Qwen 2.5/3 and many fine-tunes write them in text:
 * {@code <tool_call>{"name": "shell", "arguments": {"command": "ls"}}</tool_call>}. Read also
 * in the sibling tags {@code <function_call>}, {@code <tool_calls>} and {@code <tools>}, and
 * right after prose on the same line.
 */
public final class HermesDialect implements Dialect {

    public static final HermesDialect INSTANCE = new HermesDialect();

    private HermesDialect() {}

    @Override
    public String name() {
        return "hermes";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new HermesReader(tools);
    }

    /** {@code <tool_call>}, the JSON on its own line, {@code </tool_call>}; no call id (the models never write one). */
    @Override
    public String write(ToolUse use, ToolSpec spec) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", spec.name());
        call.put("arguments", AtToolDialect.named(use, spec));
        return "<tool_call>\n" + Json.write(call) + "\n</tool_call>";
    }

    @Override
    public String describe(ToolSpec spec) {
        return HermesPrompt.describe(spec);
    }

    @Override
    public String callingConvention() {
        return HermesPrompt.CALLING_CONVENTION;
    }

    @Override
    public String describeTools(List<ToolSpec> tools) {
        return HermesPrompt.tools(tools);
    }
}
