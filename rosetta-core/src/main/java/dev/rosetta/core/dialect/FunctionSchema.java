package dev.rosetta.core.dialect;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A tool as the chat templates of open models list it in their {@code <tools>} block, the
 * OpenAI function entry: {@code {"type": "function", "function": {"name", "description", "parameters"}}}.
 */
public final class FunctionSchema {

    private FunctionSchema() {}

    public static Map<String, Object> of(ToolSpec spec) {
        Map<String, Object> function = new LinkedHashMap<>();
        function.put("name", spec.name());
        function.put("description", spec.description());
        function.put("parameters", spec.jsonSchema());
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("type", "function");
        entry.put("function", function);
        return entry;
    }

    /** The {@code <tools>} block of the hermes and glm prompts: one JSON line per tool. */
    public static String toolsBlock(List<ToolSpec> tools) {
        return tools.stream().map(t -> Json.write(of(t))).collect(Collectors.joining("\n", "<tools>\n", "\n</tools>"));
    }
}
