package dev.rosetta.core.tool;

import java.util.Objects;

/**
 * One parameter of a tool: its name, JSON type, description, whether it is required, and
 * where the text dialects take it from.
 *
 * @param name        the name used in native calls, {@code <parameter name=…>} and attributes
 * @param type        a JSON Schema type: string, integer, number, boolean, array or object
 * @param description one line for the model
 * @param required    whether a call without it is invalid
 * @param slot        where markdown and xml calls carry it
 */
public record Parameter(String name, String type, String description, boolean required, Slot slot) {

    /** Where a text-dialect call carries a parameter. */
    public enum Slot {
        /** The words after the tag on the fence line, or the xml {@code args} attribute. */
        ARGUMENT,
        /** The block's body. */
        BODY,
        /** Only by name: native JSON, an xml attribute or {@code <parameter name=…>}. */
        NAMED
    }

    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(slot, "slot");
        type = jsonType(type);
        description = description == null ? "" : description;
    }

    /**
     * The JSON Schema type a schema's loose spelling means: tools are declared by hand, and
     * {@code "float"}, {@code "int"}, {@code "bool"}, {@code "dict"} or {@code "list"} (Python's
     * names, which vLLM's and SGLang's tests use) mean number, integer, boolean, object and array.
     * Any other name is kept.
     */
    static String jsonType(String type) {
        return switch (type.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "float", "double", "decimal", "num", "real" -> "number";
            case "int", "long", "short", "uint" -> "integer";
            case "bool" -> "boolean";
            case "dict", "map" -> "object";
            case "list", "tuple", "arr" -> "array";
            case "str", "text" -> "string";
            default -> type;
        };
    }

    public static Parameter argument(String name, String description) {
        return new Parameter(name, "string", description, true, Slot.ARGUMENT);
    }

    public static Parameter body(String name, String description, boolean required) {
        return new Parameter(name, "string", description, required, Slot.BODY);
    }

    public static Parameter named(String name, String type, String description, boolean required) {
        return new Parameter(name, type, description, required, Slot.NAMED);
    }
}
