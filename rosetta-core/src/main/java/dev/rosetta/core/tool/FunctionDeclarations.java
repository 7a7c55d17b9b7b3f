package dev.rosetta.core.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tools declared as a chat request declares them to an OpenAI-compatible API: a {@code tools}
 * array of {@code {"type": "function", "function": {"name", "description", "parameters"}}} (bare
 * function objects and an object holding {@code "tools"} are read too). Each parameter is named,
 * and the schema is kept whole, so a call's arguments are checked against it as written.
 */
public final class FunctionDeclarations {

    private FunctionDeclarations() {}

    /** The tools {@code json} (parsed JSON) declares; the message of an {@link IllegalArgumentException} says which entry is wrong. */
    public static List<ToolSpec> read(Object json) {
        Object list = json instanceof Map<?, ?> m && m.get("tools") instanceof List<?> tools ? tools : json;
        List<?> entries = list instanceof List<?> l ? l : List.of(list);
        Map<String, ToolSpec> specs = new LinkedHashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            ToolSpec spec = tool(entries.get(i), i + 1);
            if (specs.putIfAbsent(spec.name(), spec) != null) {
                throw new IllegalArgumentException("it declares the tool '" + spec.name() + "' twice");
            }
        }
        return List.copyOf(specs.values());
    }

    private static ToolSpec tool(Object entry, int n) {
        Object function = entry instanceof Map<?, ?> m && m.get("function") instanceof Map<?, ?> f ? f : entry;
        if (!(function instanceof Map<?, ?> f) || !(f.get("name") instanceof String name) || name.isBlank()) {
            throw new IllegalArgumentException("entry " + n + " is not a function with a name, as in {\"type\": \"function\","
                    + " \"function\": {\"name\": \"get_weather\", \"parameters\": {…}}}");
        }
        String description = f.get("description") instanceof String d ? d : "";
        Map<?, ?> schema = f.get("parameters") instanceof Map<?, ?> p ? p : null;
        List<Parameter> parameters = SchemaParameters.of(schema);
        return new ToolSpec(name.strip(), description, "", parameters, null, null, null,
                parameters.isEmpty() ? null : stringKeys(schema));
    }

    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }
}
