package dev.rosetta.tools.mcp;

import java.util.Map;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

/**
 * A call's arguments checked against the tool's {@code inputSchema} before the call is sent, with
 * the SDK's JSON Schema validator: a mismatch goes back to the model, naming the field and what
 * the schema wants, without a round trip to the server. A schema the validator cannot read is left
 * to the server to judge.
 */
final class ArgumentCheck {

    private static final String PREFIX = "Validation failed: JSON schema validation errors: ";

    private ArgumentCheck() {}

    /** What is wrong with {@code arguments}, or null when they fit (or the schema cannot be read). */
    static String problem(Map<String, Object> schema, Map<String, Object> arguments) {
        JsonSchemaValidator.ValidationResponse response;
        try {
            response = McpJsonDefaults.getSchemaValidator().validate(schema, arguments);
        } catch (RuntimeException e) {
            return null;
        }
        if (response.valid() || response.errorMessage() == null || !response.errorMessage().startsWith(PREFIX)) {
            return null;
        }
        return readable(response.errorMessage().substring(PREFIX.length()));
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
