package dev.rosetta.core.dialect.toolblock;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * An argument's value: the lines between {@code BEGIN_ARG} and {@code END_ARG}. Continue writes
 * each value as JSON ({@code "git status"}, {@code true}) and reads JSON where it parses, text
 * otherwise; the tool's declaration decides here, so a file whose text happens to be JSON stays
 * text when the parameter is a string, and a string parameter given a JSON string gets its text.
 * One line is stripped; more lines keep everything but the line break before {@code END_ARG}.
 */
final class ContinueValue {

    private static final Object NOT_JSON = new Object();

    private ContinueValue() {}

    static Object read(ToolSpec spec, String parameter, String lines) {
        String text = lines.endsWith("\r\n") ? lines.substring(0, lines.length() - 2)
                : lines.endsWith("\n") ? lines.substring(0, lines.length() - 1) : lines;
        if (text.indexOf('\n') < 0) {
            text = text.strip();
        }
        Object json = json(text.strip());
        String type = spec == null ? null : spec.parameter(parameter).map(Parameter::type).orElse(null);
        if (type == null) {
            return json == NOT_JSON ? text : json;
        }
        if (type.equals("string")) {
            return json instanceof String s ? s : text;
        }
        return spec.typedValue(parameter, json instanceof String s ? s : text.strip());
    }

    private static Object json(String text) {
        if (text.isEmpty()) {
            return NOT_JSON;
        }
        try {
            return Json.read(text);
        } catch (RuntimeException notJson) {
            return NOT_JSON;
        }
    }
}
