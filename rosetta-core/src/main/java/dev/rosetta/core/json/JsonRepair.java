package dev.rosetta.core.json;

import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;

/**
 * Reads the almost-JSON that language models write: quotes, commas, comments, Python literals,
 * raw control characters and missing closers are repaired in one linear pass, then parsed strictly.
 */
public final class JsonRepair {

    private static final Object NOT_STRICT = new Object();

    private JsonRepair() {}

    /**
     * Parses text that should hold one JSON object, repairing common model mistakes; throws
     * {@link JsonRepairException} with a one-line, model-readable reason when it cannot.
     */
    public static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (value instanceof Map<?, ?> map) {
            @SuppressWarnings("unchecked") // Jackson reads objects as maps with String keys
            Map<String, Object> object = (Map<String, Object>) map;
            return object;
        }
        throw new JsonRepairException("expected a JSON object, got " + describe(value));
    }

    /** The repaired text as strict JSON (any JSON value; strict input comes back unchanged), or throws {@link JsonRepairException}. */
    public static String repair(String text) {
        if (strict(text) != NOT_STRICT) {
            return text;
        }
        String repaired = new JsonRewriter(text).rewrite();
        strictAfterRepair(repaired);
        return repaired;
    }

    private static Object parse(String text) {
        Object value = strict(text);
        return value != NOT_STRICT ? value : strictAfterRepair(new JsonRewriter(text).rewrite());
    }

    /** The value of strict JSON, or NOT_STRICT: most model output is fine and needs no second pass. */
    private static Object strict(String text) {
        if (text == null) {
            throw new JsonRepairException("expected JSON, got nothing (null)");
        }
        try {
            return Json.read(text);
        } catch (JacksonException e) {
            return NOT_STRICT;
        }
    }

    private static Object strictAfterRepair(String repaired) {
        try {
            return Json.read(repaired);
        } catch (JacksonException e) {
            String reason = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
            throw new JsonRepairException("not valid JSON even after repair: " + reason, e);
        }
    }

    private static String describe(Object value) {
        return switch (value) {
            case null -> "null";
            case List<?> list -> "an array";
            case String string -> "a string";
            case Number number -> "a number";
            case Boolean bool -> "a boolean";
            default -> "a " + value.getClass().getSimpleName();
        };
    }

}
