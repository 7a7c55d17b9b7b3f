package dev.rosetta.core.dialect;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The parts of a native dialect's tool description that do not depend on its spelling: the
 * tool as open-model chat templates declare it (an OpenAI-style function with its JSON schema),
 * and the usage notes and worked examples that follow the declaration.
 */
public final class NativePrompt {

    private NativePrompt() {}

    /** {@code {"type":"function","function":{"name":…,"description":…,"parameters":{…}}}}. */
    public static Map<String, Object> function(ToolSpec spec) {
        Map<String, Object> function = new LinkedHashMap<>();
        function.put("name", spec.name());
        function.put("description", spec.description());
        function.put("parameters", spec.jsonSchema());
        Map<String, Object> tool = new LinkedHashMap<>();
        tool.put("type", "function");
        tool.put("function", function);
        return tool;
    }

    /** {@link #function} as one line of JSON. */
    public static String functionJson(ToolSpec spec) {
        return Json.write(function(spec));
    }

    /**
     * One tool: a heading, its declaration in the dialect's trained shape, then its
     * {@linkplain #usage usage notes}.
     */
    public static String describe(Dialect dialect, ToolSpec spec, String declaration) {
        String usage = usage(dialect, spec);
        return "## " + spec.name() + "\n\n" + declaration.strip() + (usage.isEmpty() ? "" : "\n\n" + usage);
    }

    /** The tool's instructions and its examples, each call spelled by {@code dialect}; empty if it has neither. */
    public static String usage(Dialect dialect, ToolSpec spec) {
        StringBuilder out = new StringBuilder();
        if (!spec.instructions().isBlank()) {
            out.append(spec.instructions().strip()).append('\n');
        }
        if (!spec.examples().isEmpty()) {
            out.append(out.isEmpty() ? "" : "\n").append("### Examples\n");
            spec.examples().forEach(e -> out.append('\n')
                    .append(ExampleText.render(e, dialect.write(e.use(), spec))));
        }
        return out.toString().strip();
    }
}
