package dev.rosetta.llm.schema;

import java.util.Map;
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
     * Whether {@code strict: true} may be sent: the model supports strict tools, the schema is
     * Rosetta's own (a server's schema may hold what strict mode refuses), and every parameter is
     * required (strict schemas cannot express an optional one).
     */
    public static boolean strict(ToolSpec spec, boolean modelSupportsStrict) {
        return modelSupportsStrict && spec.schema() == null && !spec.parameters().isEmpty()
                && spec.parameters().stream().allMatch(Parameter::required);
    }

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
