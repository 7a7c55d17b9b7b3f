package dev.rosetta.core.json;

import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the core, and the conversions every dialect needs. */
public final class Json {

    /** Strict JSON; leniency lives in {@link JsonRepair}, where it can be tested as such. */
    public static final JsonMapper MAPPER = JsonMapper.builder().build();

    private static final TypeReference<LinkedHashMap<String, Object>> OBJECT = new TypeReference<>() {};

    private Json() {}

    /** Compact JSON text for a value made of maps, lists, strings, numbers, booleans and null. */
    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** Parses strict JSON that must be an object; throws {@link JacksonException} otherwise. */
    public static Map<String, Object> readObject(String text) {
        LinkedHashMap<String, Object> map = MAPPER.readValue(text, OBJECT);
        if (map == null) {
            throw new IllegalArgumentException("expected a JSON object, got null");
        }
        return map;
    }

    /** Parses strict JSON of any shape. */
    public static Object read(String text) {
        return MAPPER.readValue(text, Object.class);
    }
}
