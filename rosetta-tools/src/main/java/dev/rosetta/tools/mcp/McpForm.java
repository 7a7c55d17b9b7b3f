package dev.rosetta.tools.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A server's question for the user (MCP elicitation, form mode): a message and flat fields of
 * strings, numbers, booleans or one of a list. Whoever can ask the user fills it in; without
 * anyone to ask (a run with {@code -n}, no terminal) it is declined, so the server hears an
 * answer at once rather than waiting.
 *
 * @param server  the server's name, for the user to know who asks
 * @param message what the server says it wants
 * @param fields  the fields, in the order the server gave them
 */
public record McpForm(String server, String message, List<Field> fields) {

    public McpForm {
        Objects.requireNonNull(server, "server");
        message = message == null ? "" : message;
        fields = List.copyOf(fields);
    }

    /**
     * One field of the form.
     *
     * @param type     {@code string}, {@code integer}, {@code number}, {@code boolean}, or {@code array}
     *                 (several of the choices)
     * @param choices  the values allowed (an {@code enum}, the {@code const}s of a {@code oneOf}, an
     *                 array's items'); empty when any
     * @param fallback the server's default, or null
     * @param choiceTitles what each choice is called for the user (a titled enum's {@code title}, a legacy
     *                 {@code enumNames} entry), the choice itself where the server names none; as many
     *                 as {@code choices}
     * @param limits   what the server's schema says a value must keep to (lengths, a pattern, bounds)
     */
    public record Field(String name, String title, String description, String type, boolean required,
            Object fallback, List<String> choices, List<String> choiceTitles, Limits limits) {
        public Field {
            choices = List.copyOf(choices);
            choiceTitles = choiceTitles == null || choiceTitles.size() != choices.size() ? choices
                    : List.copyOf(choiceTitles);
            limits = limits == null ? Limits.NONE : limits;
        }

        /** A field with no limits beyond its type and choices. */
        public Field(String name, String title, String description, String type, boolean required, Object fallback,
                List<String> choices, List<String> choiceTitles) {
            this(name, title, description, type, required, fallback, choices, choiceTitles, Limits.NONE);
        }

        /** A field whose choices are called by their values. */
        public Field(String name, String title, String description, String type, boolean required, Object fallback,
                List<String> choices) {
            this(name, title, description, type, required, fallback, choices, null);
        }

        /** The choices as the user reads them: a titled one as "Title (value)", the others as their value. */
        public List<String> choicesShown() {
            List<String> shown = new ArrayList<>();
            for (int i = 0; i < choices.size(); i++) {
                String value = choices.get(i);
                String called = choiceTitles.get(i);
                shown.add(called.equals(value) ? value : called + " (" + value + ")");
            }
            return shown;
        }

        /** The choice {@code typed} names, by its value or its title (in any case); null when it names none. */
        public String choice(String typed) {
            if (choices.contains(typed)) {
                return typed;
            }
            for (int i = 0; i < choices.size(); i++) {
                if (choiceTitles.get(i).equalsIgnoreCase(typed)) {
                    return choices.get(i);
                }
            }
            return null;
        }

        /** What the user is shown as the field's name: its title, else its name. */
        public String label() {
            return title == null || title.isBlank() ? name : title;
        }
    }

    /**
     * What a field's schema says a value must keep to, as MCP's elicitation schema has it: a text's
     * {@code minLength}, {@code maxLength}, {@code pattern} and {@code format}; a number's
     * {@code minimum} and {@code maximum}; a list's {@code minItems} and {@code maxItems}. Each is
     * null when the server gave none (or gave something that is not one).
     */
    public record Limits(Integer minLength, Integer maxLength, String pattern, String format, Number minimum,
            Number maximum, Integer minItems, Integer maxItems) {

        public static final Limits NONE = new Limits(null, null, null, null, null, null, null, null);

        static Limits of(Map<String, Object> property) {
            return new Limits(count(property.get("minLength")), count(property.get("maxLength")),
                    text(property.get("pattern")), text(property.get("format")), number(property.get("minimum")),
                    number(property.get("maximum")), count(property.get("minItems")), count(property.get("maxItems")));
        }

        /** The limits given, by their schema names, in the schema's order; empty when none. */
        public Map<String, Object> given() {
            Map<String, Object> given = new java.util.LinkedHashMap<>();
            putGiven(given, "minLength", minLength);
            putGiven(given, "maxLength", maxLength);
            putGiven(given, "pattern", pattern);
            putGiven(given, "format", format);
            putGiven(given, "minimum", minimum);
            putGiven(given, "maximum", maximum);
            putGiven(given, "minItems", minItems);
            putGiven(given, "maxItems", maxItems);
            return given;
        }

        /**
         * What is wrong with {@code value} by these limits, in words for the user; null when nothing is
         * (a {@code format} is left to the server, and a pattern Java cannot read is no limit).
         */
        public String problem(Object value) {
            if (value instanceof String text) {
                int length = text.codePointCount(0, text.length());
                if (minLength != null && length < minLength) {
                    return "at least " + minLength + " characters";
                }
                if (maxLength != null && length > maxLength) {
                    return "at most " + maxLength + " characters";
                }
                if (pattern != null && !matches(pattern, text)) {
                    return "text matching " + pattern;
                }
            } else if (value instanceof Number n) {
                if (minimum != null && n.doubleValue() < minimum.doubleValue()) {
                    return "at least " + minimum;
                }
                if (maximum != null && n.doubleValue() > maximum.doubleValue()) {
                    return "at most " + maximum;
                }
            } else if (value instanceof List<?> list) {
                if (minItems != null && list.size() < minItems) {
                    return "at least " + minItems + " of them";
                }
                if (maxItems != null && list.size() > maxItems) {
                    return "at most " + maxItems + " of them";
                }
            }
            return null;
        }

        /** JSON Schema's pattern: found anywhere in the text unless anchored. */
        private static boolean matches(String pattern, String text) {
            try {
                return java.util.regex.Pattern.compile(pattern).matcher(text).find();
            } catch (java.util.regex.PatternSyntaxException e) {
                return true;
            }
        }

        private static void putGiven(Map<String, Object> into, String key, Object value) {
            if (value != null) {
                into.put(key, value);
            }
        }

        /** A whole, non-negative number; a server's 3.0 is 3, anything else is no limit. */
        private static Integer count(Object value) {
            return value instanceof Number n && n.doubleValue() >= 0 && n.doubleValue() == Math.rint(n.doubleValue())
                    && n.doubleValue() <= Integer.MAX_VALUE ? n.intValue() : null;
        }

        private static Number number(Object value) {
            return value instanceof Number n && Double.isFinite(n.doubleValue()) ? n : null;
        }
    }

    /** The user's answer. */
    public sealed interface Answer {
        /** Filled in: the values given (a field left out takes the server's default). */
        record Accept(Map<String, Object> content) implements Answer {}

        /** The user said no. */
        record Decline() implements Answer {}

        /** The user did not answer (Ctrl-C, the input closed). */
        record Cancel() implements Answer {}
    }

    /** Asks the user; called on a thread of its own while the call that led to it waits. */
    @FunctionalInterface
    public interface Asker {
        Answer ask(McpForm form) throws InterruptedException;

        /** For when no one can be asked: every form is declined. */
        Asker DECLINE = form -> new Answer.Decline();
    }

    /** The form a server's {@code requestedSchema} describes (a flat object, as the protocol allows). */
    @SuppressWarnings("unchecked")
    static McpForm of(String server, String message, Map<String, Object> schema) {
        List<Field> fields = new ArrayList<>();
        Object properties = schema == null ? null : schema.get("properties");
        List<?> required = schema != null && schema.get("required") instanceof List<?> r ? r : List.of();
        if (properties instanceof Map<?, ?> map) {
            for (var entry : ((Map<String, Object>) map).entrySet()) {
                Map<String, Object> p = entry.getValue() instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
                fields.add(new Field(entry.getKey(), text(p.get("title")), text(p.get("description")),
                        p.get("type") instanceof String t ? t : "string", required.contains(entry.getKey()),
                        p.get("default"), choices(p, "const"), choices(p, "title"), Limits.of(p)));
            }
        }
        return new McpForm(server, message, fields);
    }

    /**
     * {@code enum}, or the {@code const} of each {@code oneOf}/{@code anyOf} (a titled enum); an array's
     * items' too. With {@code key} "title", what each is called: its {@code title} (a legacy enum's
     * {@code enumNames}), else its value.
     */
    private static List<String> choices(Map<String, Object> property, String key) {
        if (property.get("items") instanceof Map<?, ?> items && "array".equals(property.get("type"))) {
            @SuppressWarnings("unchecked")
            Map<String, Object> each = (Map<String, Object>) items;
            return choices(each, key);
        }
        if (property.get("enum") instanceof List<?> values) {
            if (key.equals("title") && property.get("enumNames") instanceof List<?> names && names.size() == values.size()) {
                return names.stream().map(String::valueOf).toList();
            }
            return values.stream().map(String::valueOf).toList();
        }
        Object options = property.containsKey("oneOf") ? property.get("oneOf") : property.get("anyOf");
        if (options instanceof List<?> list) {
            return list.stream().filter(o -> o instanceof Map<?, ?> m && m.containsKey("const"))
                    .map(o -> (Map<?, ?>) o)
                    .map(m -> String.valueOf(m.get(key) instanceof String t && !t.isBlank() ? t : m.get("const")))
                    .toList();
        }
        return List.of();
    }

    private static String text(Object value) {
        return value instanceof String s && !s.isBlank() ? s.strip() : null;
    }
}
