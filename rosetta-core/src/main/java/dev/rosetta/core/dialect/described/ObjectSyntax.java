package dev.rosetta.core.dialect.described;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.rosetta.core.json.Json;

/**
 * Gemma's object syntax, as its chat templates write arguments and declarations: JSON with bare
 * keys ({@code {city:…}}) and strings between a quote token instead of double quotes
 * ({@code <|"|>Paris<|"|>}, FunctionGemma's {@code <escape>Paris<escape>}), so a string needs no
 * escaping. Numbers, booleans and null are as in JSON.
 */
final class ObjectSyntax {

    private static final Pattern BARE_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private ObjectSyntax() {}

    /** {@code value} spelled with {@code quote} around its strings. */
    static String write(Object value, String quote) {
        StringBuilder out = new StringBuilder();
        write(value, quote, out);
        return out.toString();
    }

    /** The members of an object, without its braces: {@code k:v,k2:v2}. */
    static String members(Map<?, ?> object, String quote) {
        StringBuilder out = new StringBuilder();
        members(object, quote, out);
        return out.toString();
    }

    private static void write(Object value, String quote, StringBuilder out) {
        switch (value) {
            case null -> out.append("null");
            case String s -> out.append(quote).append(s).append(quote);
            case Map<?, ?> map -> {
                out.append('{');
                members(map, quote, out);
                out.append('}');
            }
            case List<?> list -> {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    out.append(i == 0 ? "" : ",");
                    write(list.get(i), quote, out);
                }
                out.append(']');
            }
            default -> out.append(Json.write(value));
        }
    }

    private static void members(Map<?, ?> object, String quote, StringBuilder out) {
        boolean first = true;
        for (Map.Entry<?, ?> e : object.entrySet()) {
            String key = String.valueOf(e.getKey());
            out.append(first ? "" : ",").append(BARE_KEY.matcher(key).matches() ? key : quote + key + quote).append(':');
            write(e.getValue(), quote, out);
            first = false;
        }
    }
}
