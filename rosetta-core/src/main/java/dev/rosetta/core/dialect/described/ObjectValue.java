package dev.rosetta.core.dialect.described;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.json.JsonRepairException;

/**
 * Reads a value in Gemma's object syntax: objects with bare keys ({@code {city:…}}), strings
 * between a quote token ({@code <|"|>Paris<|"|>}) or in JSON's double quotes, numbers,
 * {@code true}/{@code false}/{@code null}, lists. A bare word where a value stands is taken as
 * text, as the templates' own parsers do. Nothing is run; nesting is bounded as for JSON.
 */
final class ObjectValue {

    private static final int MAX_DEPTH = Json.MAPPER.tokenStreamFactory().streamReadConstraints().getMaxNestingDepth();

    private final String s;
    private final String quote;
    private int i;
    private int depth;

    private ObjectValue(String s, String quote) {
        this.s = s;
        this.quote = quote;
    }

    /** The object in {@code text} (from its brace to the balancing one). */
    @SuppressWarnings("unchecked") // object() returns a map with String keys
    static Map<String, Object> parseObject(String text, String quote) {
        ObjectValue p = new ObjectValue(text.strip(), quote);
        p.spaces();
        if (p.peek() != '{') {
            throw new JsonRepairException("expected an object in braces, got " + p.rest());
        }
        Object value = p.value();
        p.spaces();
        if (p.i < p.s.length()) {
            throw new JsonRepairException("unexpected text after the object: " + p.rest());
        }
        return (Map<String, Object>) value;
    }

    private Object value() {
        spaces();
        if (s.startsWith(quote, i)) {
            int end = s.indexOf(quote, i + quote.length());
            if (end < 0) {
                throw new JsonRepairException("a string opened with " + quote + " is never closed");
            }
            String text = s.substring(i + quote.length(), end);
            i = end + quote.length();
            return text;
        }
        char c = peek();
        return switch (c) {
            case '{' -> object();
            case '[' -> list();
            case '"' -> jsonString();
            default -> word();
        };
    }

    private Map<String, Object> object() {
        enter();
        i++;
        Map<String, Object> out = new LinkedHashMap<>();
        spaces();
        while (peek() != '}') {
            String key = key();
            spaces();
            if (peek() != ':') {
                throw new JsonRepairException("expected ':' after the key '" + key + "', got " + rest());
            }
            i++;
            out.put(key, value());
            spaces();
            if (peek() == ',') {
                i++;
                spaces();
            } else if (peek() != '}') {
                throw new JsonRepairException("expected ',' or '}' after the value of '" + key + "', got " + rest());
            }
        }
        i++;
        depth--;
        return out;
    }

    private List<Object> list() {
        enter();
        i++;
        List<Object> out = new ArrayList<>();
        spaces();
        while (peek() != ']') {
            out.add(value());
            spaces();
            if (peek() == ',') {
                i++;
                spaces();
            } else if (peek() != ']') {
                throw new JsonRepairException("expected ',' or ']' in a list, got " + rest());
            }
        }
        i++;
        depth--;
        return out;
    }

    private String key() {
        if (s.startsWith(quote, i) || peek() == '"') {
            return String.valueOf(value());
        }
        int from = i;
        while (i < s.length() && s.charAt(i) != ':' && s.charAt(i) != ',' && s.charAt(i) != '}') {
            i++;
        }
        String key = s.substring(from, i).strip();
        if (key.isEmpty()) {
            throw new JsonRepairException("expected a key, got " + rest());
        }
        return key;
    }

    private String jsonString() {
        int from = i;
        i++;
        boolean escaped = false;
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                return (String) Json.read(s.substring(from, i));
            }
        }
        throw new JsonRepairException("a string in double quotes is never closed");
    }

    /** A number, true, false, null — or, where a value stands unquoted, the word as text. */
    private Object word() {
        int from = i;
        while (i < s.length() && ",}]".indexOf(s.charAt(i)) < 0) {
            i++;
        }
        String word = s.substring(from, i).strip();
        if (word.isEmpty()) {
            throw new JsonRepairException("expected a value, got " + rest());
        }
        return switch (word) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            case "null" -> null;
            default -> number(word);
        };
    }

    private static Object number(String word) {
        try {
            BigDecimal d = new BigDecimal(word);
            if (d.scale() <= 0 && d.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                return d.longValueExact();
            }
            double v = d.doubleValue();
            return Double.isFinite(v) ? v : word;
        } catch (NumberFormatException | ArithmeticException e) {
            return word;
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw new JsonRepairException("values nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    private void spaces() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private char peek() {
        if (i >= s.length()) {
            throw new JsonRepairException("the object ends too early");
        }
        return s.charAt(i);
    }

    private String rest() {
        String r = s.substring(Math.min(i, s.length()));
        return r.isEmpty() ? "the end" : "'" + (r.length() > 20 ? r.substring(0, 20) + "…" : r) + "'";
    }
}
