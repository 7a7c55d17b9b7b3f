package dev.rosetta.cli.terminal;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.rosetta.tools.mcp.McpForm;

/** What the user typed for a field of a server's form, as the field's JSON type; null when it is not one. */
final class FormValues {

    private FormValues() {}

    static Object parse(McpForm.Field field, String text) {
        if (field.type().equals("array")) {
            List<String> typed = Arrays.stream(text.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
            List<String> values = field.choices().isEmpty() ? typed
                    : typed.stream().map(field::choice).filter(java.util.Objects::nonNull).toList();
            return !values.isEmpty() && values.size() == typed.size() ? values : null;
        }
        if (!field.choices().isEmpty()) {
            return field.choice(text);
        }
        try {
            return switch (field.type()) {
                case "integer" -> Long.parseLong(text);
                case "number" -> {
                    double d = Double.parseDouble(text);
                    yield Double.isFinite(d) ? d : null;
                }
                case "boolean" -> switch (text.toLowerCase(Locale.ROOT)) {
                    case "y", "yes", "true" -> Boolean.TRUE;
                    case "n", "no", "false" -> Boolean.FALSE;
                    default -> null;
                };
                default -> text;
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** One line saying what the field takes: its type, its choices, and the limits the server set. */
    static String expected(McpForm.Field field, Object typed) {
        String problem = typed == null ? null : field.limits().problem(typed);
        return problem == null ? expected(field) : field.label() + " must be " + problem;
    }

    /** One line saying what the field takes. */
    static String expected(McpForm.Field field) {
        if (field.type().equals("array")) {
            return field.label() + " is a list, comma-separated" + (field.choices().isEmpty() ? ""
                    : ", of: " + String.join(", ", field.choicesShown()));
        }
        if (!field.choices().isEmpty()) {
            return field.label() + " is one of: " + String.join(", ", field.choicesShown());
        }
        return switch (field.type()) {
            case "integer" -> field.label() + " is a whole number";
            case "number" -> field.label() + " is a number";
            case "boolean" -> field.label() + " is y or n";
            default -> field.label() + " is text";
        };
    }
}
