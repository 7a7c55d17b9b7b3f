package dev.rosetta.core.dialect;

import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A tool as harmony's developer message declares functions: a TypeScript-like type whose one
 * argument {@code _} is an object of the parameters, descriptions as {@code //} comments above
 * what they describe, optional parameters marked {@code ?}, {@code any} as the return type.
 */
public final class TypeScriptDeclaration {

    private TypeScriptDeclaration() {}

    public static String of(ToolSpec spec) {
        StringBuilder out = new StringBuilder();
        comment(spec.description(), out);
        out.append("type ").append(spec.name()).append(" = ");
        if (spec.parameters().isEmpty()) {
            return out.append("(_: {[argument: string]: any}) => any;").toString();
        }
        out.append("(_: {\n");
        for (Parameter p : spec.parameters()) {
            comment(p.description(), out);
            out.append(p.name()).append(p.required() ? "" : "?").append(": ").append(type(p.type())).append(",\n");
        }
        return out.append("}) => any;").toString();
    }

    private static void comment(String text, StringBuilder out) {
        if (!text.isBlank()) {
            text.strip().lines().forEach(line -> out.append("// ").append(line).append('\n'));
        }
    }

    private static String type(String jsonType) {
        return switch (jsonType) {
            case "integer", "number" -> "number";
            case "boolean" -> "boolean";
            case "array" -> "any[]";
            case "object" -> "object";
            case "null" -> "null";
            default -> "string";
        };
    }
}
