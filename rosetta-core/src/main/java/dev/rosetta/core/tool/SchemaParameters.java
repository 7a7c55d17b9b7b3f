package dev.rosetta.core.tool;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A JSON Schema's top-level properties as named parameters — an MCP server's {@code inputSchema},
 * an OpenAI-style function's {@code parameters} — so the text dialects can list them and type what
 * they carry. One reading for every place tools arrive as schemas.
 */
public final class SchemaParameters {

    private static final List<String> TYPES = List.of("string", "integer", "number", "boolean", "array", "object");

    private SchemaParameters() {}

    /** The schema's properties in order, required ones as its {@code required} says; none when it has no properties. */
    public static List<Parameter> of(Map<?, ?> schema) {
        if (schema == null || !(schema.get("properties") instanceof Map<?, ?> properties)) {
            return List.of();
        }
        List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
        List<Parameter> out = new ArrayList<>();
        for (Map.Entry<?, ?> entry : properties.entrySet()) {
            String name = String.valueOf(entry.getKey());
            Map<?, ?> property = entry.getValue() instanceof Map<?, ?> p ? p : Map.of();
            out.add(Parameter.named(name, type(property), describe(property), required.contains(name)));
        }
        return out;
    }

    /** The property's one JSON type; "any" when it allows several or says none (values pass as given). */
    private static String type(Map<?, ?> property) {
        Object type = property.get("type");
        if (type instanceof List<?> types) {
            List<?> real = types.stream().filter(t -> !"null".equals(t)).toList();
            type = real.size() == 1 ? real.get(0) : null;
        }
        return type instanceof String t && TYPES.contains(Parameter.jsonType(t)) ? t : "any";
    }

    /** Its description, with what the text dialects would not show otherwise: the allowed values, the default. */
    private static String describe(Map<?, ?> property) {
        StringBuilder text = new StringBuilder(property.get("description") instanceof String d ? d.strip() : "");
        if (property.get("enum") instanceof List<?> values && !values.isEmpty()) {
            text.append(text.isEmpty() ? "" : " ").append("(one of: ")
                    .append(values.stream().map(String::valueOf).collect(Collectors.joining(", "))).append(')');
        }
        if (property.containsKey("default")) {
            text.append(text.isEmpty() ? "" : " ").append("(default: ").append(property.get("default")).append(')');
        }
        return text.toString();
    }
}
