package dev.rosetta.llm.schema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Native tool definitions from a tool's declaration: the name (its first block type, so
 * {@code @ipython} and ```ipython agree; dots spelled {@code __}), a JSON Schema for its parameters, and a description
 * that fits the API's limit.
 */
public final class ToolSchemas {

    /** OpenAI truncates longer descriptions; we do it ourselves, and say so. */
    public static final int OPENAI_DESCRIPTION_LIMIT = 1024;

    private ToolSchemas() {}

    public static String name(ToolSpec spec) {
        return spec.nativeName();
    }

    /** {@code {"type":"object","properties":{…},"required":[…],"additionalProperties":false}}. */
    public static Map<String, Object> parameters(ToolSpec spec) {
        return spec.jsonSchema();
    }

    /**
     * The schema to send: {@link #strictParameters} when {@code strict: true} goes with it, else
     * {@link #parameters}.
     */
    public static Map<String, Object> parameters(ToolSpec spec, boolean strict) {
        return strict ? strictParameters(spec) : parameters(spec);
    }

    /**
     * The schema in the shape OpenAI's structured outputs require: every property listed in
     * {@code required} and no others allowed, so an optional parameter is one that may be null
     * ({@code "type": ["integer", "null"]}). A null argument is read back as an absent one: the
     * binder drops it ({@link ToolSpec#bind}).
     */
    public static Map<String, Object> strictParameters(ToolSpec spec) {
        Map<String, Object> schema = new LinkedHashMap<>(spec.jsonSchema());
        Map<String, Object> properties = new LinkedHashMap<>();
        for (Parameter p : spec.parameters()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> property = new LinkedHashMap<>((Map<String, Object>) ((Map<?, ?>) schema
                    .get("properties")).get(p.name()));
            if (!p.required()) {
                property.put("type", List.of(p.type(), "null"));
            }
            properties.put(p.name(), property);
        }
        schema.put("properties", properties);
        schema.put("required", spec.parameters().stream().map(Parameter::name).toList());
        schema.put("additionalProperties", false);
        return schema;
    }

    /**
     * Whether {@code strict: true} may be sent: the model supports strict tools, the schema is
     * Rosetta's own (a server's schema may hold what strict mode refuses), the tool declares
     * parameters, and each is a scalar — a declared array or object says nothing of its items, and
     * strict mode would allow only empty ones. Optional parameters are sent as nullable
     * ({@link #strictParameters}).
     */
    public static boolean strict(ToolSpec spec, boolean modelSupportsStrict) {
        return modelSupportsStrict && spec.schema() == null && !spec.parameters().isEmpty()
                && spec.parameters().stream().allMatch(p -> SCALARS.contains(p.type()));
    }

    private static final Set<String> SCALARS = Set.of("string", "integer", "number", "boolean");

    /** The description and instructions, cut to {@code limit} characters with a warning when longer. */
    public static String description(ToolSpec spec, int limit, Consumer<String> warnings) {
        String text = spec.instructions().isBlank() ? spec.description()
                : spec.description() + "\n\n" + spec.instructions().strip();
        if (text.length() <= limit) {
            return text;
        }
        warnings.accept("the description of tool '" + name(spec) + "' is " + text.length()
                + " characters; the API takes " + limit + ", so it was cut");
        return text.substring(0, limit - 1) + "…";
    }
}
