package dev.rosetta.core.tool;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;

/** Turns any spelling of a call (positional, body, named) into named, typed arguments. */
final class ArgumentBinder {

    private ArgumentBinder() {}

    static Arguments bind(ToolSpec spec, ToolUse use) {
        if (spec.parameters().isEmpty() && spec.schema() == null) {
            return undeclared(use);
        }
        Map<String, Object> raw = new LinkedHashMap<>();
        bindPositional(spec, use.args(), raw);
        bindBody(spec, use.content(), raw);
        raw.putAll(use.kwargs());
        Map<String, Object> typed = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            var declared = spec.parameter(e.getKey());
            if (declared.isEmpty() && takesUndeclared(spec)) {
                typed.put(e.getKey(), e.getValue());
                continue;
            }
            Parameter p = declared.orElseThrow(() -> unknown(spec, e.getKey()));
            if (e.getValue() != null) {
                typed.put(p.name(), coerce(spec, p, e.getValue()));
            }
        }
        for (Parameter p : spec.parameters()) {
            if (p.required() && !typed.containsKey(p.name())) {
                throw missing(spec, p);
            }
        }
        return new Arguments(typed);
    }

    /**
     * Whether a tool with its own schema says it takes names beyond its properties. Unsaid is
     * taken as no: a name the tool does not declare is far more often a model's typo.
     */
    private static boolean takesUndeclared(ToolSpec spec) {
        Object additional = spec.schema() == null ? null : spec.schema().get("additionalProperties");
        return Boolean.TRUE.equals(additional) || additional instanceof Map<?, ?>;
    }

    /** A tool declared by name only takes whatever it is given. */
    private static Arguments undeclared(ToolUse use) {
        Map<String, Object> values = new LinkedHashMap<>(use.kwargs());
        if (!use.args().isEmpty()) {
            values.put("args", use.args());
        }
        if (use.content() != null) {
            values.put("content", use.content());
        }
        return new Arguments(values);
    }

    private static void bindPositional(ToolSpec spec, List<String> args, Map<String, Object> out) {
        List<Parameter> slots = spec.argumentParameters();
        if (args.isEmpty()) {
            return;
        }
        if (slots.size() == 1) {
            out.put(slots.get(0).name(), String.join(" ", args));
            return;
        }
        if (args.size() > slots.size()) {
            throw new InvalidArgumentsException(spec.name() + " takes " + describeCount(slots)
                    + " after its tag, got " + args.size() + ": " + String.join(" ", args));
        }
        for (int i = 0; i < args.size(); i++) {
            out.put(slots.get(i).name(), args.get(i));
        }
    }

    private static void bindBody(ToolSpec spec, String content, Map<String, Object> out) {
        if (content == null) {
            return;
        }
        var body = spec.bodyParameter();
        if (body.isPresent()) {
            // An empty block is how markdown leaves an optional body out.
            if (body.get().required() || !content.isBlank()) {
                out.put(body.get().name(), content);
            }
            return;
        }
        if (content.isBlank()) {
            return;
        }
        // A tool without a body parameter takes its named arguments as a JSON object in the body.
        try {
            out.putAll(JsonRepair.parseObject(content));
        } catch (JsonRepairException e) {
            throw new InvalidArgumentsException(spec.name() + " takes its arguments as a JSON object in the body ("
                    + e.getMessage() + ")");
        }
    }

    /**
     * A value an untyped dialect carried as text (qwen3-coder's {@code <parameter=K>}, glm's
     * {@code <arg_value>}), typed by the parameter's declared JSON type; the text itself when the
     * tool does not declare the parameter, declares it a string, or the text is not of that type
     * (binding then reports the mismatch). {@code null} text stays null; the word {@code null} is
     * JSON null for any non-string parameter.
     */
    static Object typedText(ToolSpec spec, String parameterName, String text) {
        if (text == null) {
            return null;
        }
        var declared = spec.parameter(parameterName);
        if (declared.isEmpty() || declared.get().type().equals("string")) {
            return text;
        }
        if (text.strip().equals("null")) {
            return null;
        }
        Object typed = switch (declared.get().type()) {
            case "integer" -> toInteger(text);
            case "number" -> toNumber(text);
            case "boolean" -> toBoolean(text);
            case "array" -> parsed(text, List.class);
            case "object" -> parsed(text, Map.class);
            default -> null;
        };
        return typed == null ? text : typed;
    }

    private static Object coerce(ToolSpec spec, Parameter p, Object value) {
        Object typed = switch (p.type()) {
            case "string" -> value instanceof String s ? s : scalarText(value);
            case "integer" -> toInteger(value);
            case "number" -> toNumber(value);
            case "boolean" -> toBoolean(value);
            case "array" -> value instanceof List<?> ? value : parsed(value, List.class);
            case "object" -> value instanceof Map<?, ?> ? value : parsed(value, Map.class);
            default -> value;
        };
        if (typed == null) {
            throw new InvalidArgumentsException(spec.name() + ": '" + p.name() + "' must be "
                    + article(p.type()) + ", got " + Json.write(value));
        }
        return typed;
    }

    private static String scalarText(Object value) {
        return value instanceof List<?> || value instanceof Map<?, ?> ? Json.write(value) : String.valueOf(value);
    }

    private static Long toInteger(Object value) {
        try {
            BigDecimal d = value instanceof Number n ? new BigDecimal(n.toString()) : new BigDecimal(value.toString().trim());
            return d.stripTrailingZeros().scale() <= 0 ? d.longValueExact() : null;
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static Number toNumber(Object value) {
        if (value instanceof Number n) {
            return n;
        }
        try {
            return Double.valueOf(value.toString().trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Boolean toBoolean(Object value) {
        if (value instanceof Boolean b) {
            return b;
        }
        return switch (value.toString().trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> null;
        };
    }

    private static Object parsed(Object value, Class<?> shape) {
        if (!(value instanceof String text)) {
            return null;
        }
        Object v = json(text, shape);
        // GLM-4.6 writes an array value escaped once more, as if inside a JSON string: [{\"id\": \"1\"}].
        return v != null || !text.contains("\\\"") ? v : json(unescaped(text), shape);
    }

    private static Object json(String text, Class<?> shape) {
        if (text == null) {
            return null;
        }
        try {
            Object v = Json.read(JsonRepair.repair(text));
            return shape.isInstance(v) ? v : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The text read as the body of a JSON string (escapes resolved), or null when it is not one. */
    private static String unescaped(String text) {
        try {
            return Json.read("\"" + text + "\"") instanceof String s ? s : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static InvalidArgumentsException unknown(ToolSpec spec, String name) {
        String known = spec.parameters().stream().map(Parameter::name).collect(Collectors.joining(", "));
        return new InvalidArgumentsException(spec.name() + " has no parameter '" + name + "'; it takes: " + known);
    }

    private static InvalidArgumentsException missing(ToolSpec spec, Parameter p) {
        String where = switch (p.slot()) {
            case ARGUMENT -> " (written after the tag, e.g. " + spec.tag() + " " + p.name() + ")";
            case BODY -> " (the block's body)";
            case NAMED -> "";
        };
        String what = p.description().isEmpty() ? "" : ": " + p.description();
        return new InvalidArgumentsException(spec.name() + " needs '" + p.name() + "'" + where + what);
    }

    private static String describeCount(List<Parameter> slots) {
        return slots.size() + " argument" + (slots.size() == 1 ? "" : "s") + " ("
                + slots.stream().map(Parameter::name).collect(Collectors.joining(", ")) + ")";
    }

    private static String article(String type) {
        return (type.startsWith("a") || type.startsWith("i") || type.startsWith("o") ? "an " : "a ") + type;
    }
}
