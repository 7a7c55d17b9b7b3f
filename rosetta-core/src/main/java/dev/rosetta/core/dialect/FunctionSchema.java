package dev.rosetta.core.dialect;

import java.util.LinkedHashMap;
import java.util.Map;

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
}
