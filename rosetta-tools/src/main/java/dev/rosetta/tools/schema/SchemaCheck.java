package dev.rosetta.tools.schema;

import java.util.Map;

import dev.rosetta.core.json.Json;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

/**
 * A JSON value checked against a JSON Schema with the MCP SDK's validator, its problems said in one
 * line naming each field and what the schema wants: an MCP call's arguments before they are sent
 * (without a round trip to the server), a final answer against {@code --output-schema}.
 */
public final class SchemaCheck {

    private static final String PREFIX = "Validation failed: JSON schema validation errors: ";

    private SchemaCheck() {}

    /**
     * What is wrong with {@code value}, or null when it fits. A schema the validator cannot read is
     * left to whoever reads the value to judge (null).
     */
    public static String problem(Map<String, Object> schema, Object value) {
        JsonSchemaValidator.ValidationResponse response;
        try {
            // The validator reads a string as JSON text, so a string value goes as the JSON that spells it.
            response = McpJsonDefaults.getSchemaValidator().validate(schema, value instanceof String s ? Json.write(s)
                    : value);
        } catch (RuntimeException e) {
            return null;
        }
        if (response.valid() || response.errorMessage() == null || !response.errorMessage().startsWith(PREFIX)) {
            return null;
        }
        return readable(response.errorMessage().substring(PREFIX.length()));
    }

    /** Why {@code schema} is no JSON Schema the validator can use, or null when it is one. */
    public static String schemaProblem(Map<String, Object> schema) {
        try {
            JsonSchemaValidator.ValidationResponse response = McpJsonDefaults.getSchemaValidator()
                    .validateSchema(schema);
            return response.valid() ? null : String.valueOf(response.errorMessage());
        } catch (RuntimeException e) {
            return String.valueOf(e.getMessage());
        }
    }

    /** "[/loc: does not have …, : required property 'a' not found]" → one line naming each field. */
    private static String readable(String errors) {
        String list = errors.startsWith("[") && errors.endsWith("]") ? errors.substring(1, errors.length() - 1) : errors;
        StringBuilder out = new StringBuilder();
        for (String error : list.split(", (?=/|: )")) {
            String e = error.strip();
            String line = e.startsWith(": ") ? e.substring(2)
                    : e.startsWith("/") && e.contains(": ") ? "'" + e.substring(1, e.indexOf(": ")).replace('/', '.')
                            + "' " + e.substring(e.indexOf(": ") + 2)
                    : e;
            out.append(out.isEmpty() ? "" : "; ").append(line);
        }
        return out.toString();
    }
}
