package dev.rosetta.llm.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo.Capabilities;
import dev.rosetta.llm.model.ModelInfo.Prices;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One models.json: {@code {"models": {"provider/id": {fields…}}}}. Reading checks every field
 * (a typo in a user file is an error, not a silently ignored value); entries stay as JSON until
 * every file is merged, because a user entry may hold a single field.
 */
final class ModelFile {

    /** Duplicate keys fail: the same model twice in one file is a mistake, not an override. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private static final Set<String> TOP_LEVEL = Set.of("about", "models");
    private static final Set<String> ENTRY = Set.of("aliases", "context_window", "max_output_tokens", "price",
            "supports", "default_tool_format", "preferred_edit_format", "native_dialect", "note", "source");
    private static final Set<String> PRICE = Set.of("input", "output", "cache_read", "cache_write");
    private static final Set<String> SUPPORTS = Set.of("streaming", "vision", "reasoning", "parallel_tool_calls",
            "strict_tools", "responses_api", "adaptive_thinking");
    private static final Set<String> TOOL_FORMATS = Arrays.stream(ToolFormat.values()).map(ToolFormat::id)
            .collect(Collectors.toUnmodifiableSet());
    private static final Set<String> EDIT_FORMATS = Set.of("diff", "whole");

    private ModelFile() {}

    /** The entries of a file, keyed {@code provider/id}, each checked; {@code origin} names the file in errors. */
    static Map<String, ObjectNode> read(String text, String origin) {
        JsonNode root = parse(text, origin);
        if (!root.isObject()) {
            throw new RosettaException(origin + ": expected a JSON object like {\"models\": {\"openai/gpt-4.1\": {…}}}");
        }
        unknownFields(root, TOP_LEVEL, origin, "");
        JsonNode models = root.get("models");
        if (models == null || !models.isObject()) {
            throw new RosettaException(origin + ": expected a \"models\" object keyed by provider/model");
        }
        Map<String, ObjectNode> entries = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : models.properties()) {
            String where = origin + ": entry \"" + e.getKey() + "\"";
            if (e.getKey().indexOf('/') <= 0 || e.getKey().endsWith("/")) {
                throw new RosettaException(where + ": the key must be provider/model, like openai/gpt-4.1");
            }
            if (!(e.getValue() instanceof ObjectNode entry)) {
                throw new RosettaException(where + ": expected an object of fields");
            }
            check(entry, where);
            entries.put(e.getKey(), entry);
        }
        return entries;
    }

    /**
     * {@code patch} applied to {@code base} field by field (RFC 7386 merge patch): objects merge,
     * null removes a value (back to "not recorded"), anything else replaces.
     */
    static ObjectNode merge(ObjectNode base, ObjectNode patch) {
        ObjectNode result = base == null ? JsonNodeFactory.instance.objectNode() : base.deepCopy();
        for (Map.Entry<String, JsonNode> e : patch.properties()) {
            JsonNode value = e.getValue();
            if (value.isNull()) {
                result.remove(e.getKey());
            } else if (value instanceof ObjectNode object) {
                result.set(e.getKey(), merge(result.get(e.getKey()) instanceof ObjectNode o ? o : null, object));
            } else {
                result.set(e.getKey(), value.deepCopy());
            }
        }
        return result;
    }

    /** The finished entry; its fields were checked by {@link #read}. */
    static ModelInfo toInfo(String key, ObjectNode entry) {
        ModelRef ref = ModelRef.parse(key);
        JsonNode p = entry.path("price");
        JsonNode s = entry.path("supports");
        Prices prices = new Prices(number(p, "input"), number(p, "output"), number(p, "cache_read"),
                number(p, "cache_write"));
        Capabilities caps = new Capabilities(flag(s, "streaming"), flag(s, "vision"), flag(s, "reasoning"),
                flag(s, "parallel_tool_calls"), flag(s, "strict_tools"), flag(s, "responses_api"),
                flag(s, "adaptive_thinking"));
        String toolFormat = text(entry, "default_tool_format");
        List<String> aliases = new ArrayList<>();
        entry.path("aliases").values().forEach(a -> aliases.add(a.stringValue()));
        return new ModelInfo(ref.provider(), ref.model(), count(entry, "context_window"),
                count(entry, "max_output_tokens"), prices, caps, toolFormat == null ? null : ToolFormat.of(toolFormat),
                EditFormat.byId(text(entry, "preferred_edit_format")), aliases, text(entry, "note"),
                text(entry, "native_dialect"));
    }

    private static JsonNode parse(String text, String origin) {
        try {
            JsonNode root = STRICT.readTree(text);
            if (root == null || root.isMissingNode()) {
                throw new RosettaException(origin + ": the file is empty; write {\"models\": {}} or remove it");
            }
            return root;
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            String where = at == null || at.getLineNr() < 0 ? ""
                    : ": line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new RosettaException(origin + where + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
        }
    }

    private static void check(ObjectNode entry, String where) {
        unknownFields(entry, ENTRY, where, "");
        for (Map.Entry<String, JsonNode> e : entry.properties()) {
            String field = e.getKey();
            JsonNode v = e.getValue();
            String problem = switch (field) {
                case "aliases" -> aliases(v);
                case "context_window", "max_output_tokens" -> v.isNull() || v.canConvertToInt() && v.isIntegralNumber()
                        && v.intValue() > 0 ? null : "must be a positive whole number of tokens";
                case "price" -> nested(v, PRICE, where, field, x -> x.isNull() || x.isNumber() && x.doubleValue() >= 0
                        ? null : "must be US dollars per million tokens (a number ≥ 0)");
                case "supports" -> nested(v, SUPPORTS, where, field, x -> x.isNull() || x.isBoolean() ? null
                        : "must be true, false or null (not recorded)");
                case "default_tool_format" -> choice(v, TOOL_FORMATS);
                case "preferred_edit_format" -> choice(v, EDIT_FORMATS);
                case "native_dialect" -> choice(v, ModelFamilies.DIALECTS);
                case "note", "source" -> v.isNull() || v.isString() ? null : "must be text";
                default -> throw new IllegalStateException("unchecked field " + field);
            };
            if (problem != null) {
                throw new RosettaException(where + ": " + field + " " + problem + ", got " + v);
            }
        }
    }

    private interface Check {
        String problem(JsonNode value);
    }

    private static String nested(JsonNode v, Set<String> names, String where, String field, Check check) {
        if (v.isNull()) {
            return null;
        }
        if (!v.isObject()) {
            return "must be an object with " + String.join(", ", new TreeSet<>(names));
        }
        unknownFields(v, names, where, field + ".");
        for (Map.Entry<String, JsonNode> e : v.properties()) {
            String problem = check.problem(e.getValue());
            if (problem != null) {
                throw new RosettaException(where + ": " + field + "." + e.getKey() + " " + problem + ", got "
                        + e.getValue());
            }
        }
        return null;
    }

    private static String aliases(JsonNode v) {
        if (!v.isArray()) {
            return "must be a list of names";
        }
        for (JsonNode a : v.values()) {
            if (!a.isString() || a.stringValue().isBlank() || a.stringValue().contains("/")) {
                return "must hold names without '/' (an alias stands for provider/model)";
            }
        }
        return null;
    }

    private static String choice(JsonNode v, Set<String> allowed) {
        return v.isNull() || v.isString() && allowed.contains(v.stringValue()) ? null
                : "must be one of " + String.join(", ", new TreeSet<>(allowed)) + " or null";
    }

    private static void unknownFields(JsonNode node, Set<String> known, String where, String prefix) {
        for (String name : node.propertyNames()) {
            if (!known.contains(name)) {
                throw new RosettaException(where + ": unknown field '" + prefix + name + "'; the fields are: "
                        + String.join(", ", new TreeSet<>(known)));
            }
        }
    }

    private static Double number(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.doubleValue();
    }

    private static Integer count(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.intValue();
    }

    private static Boolean flag(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.booleanValue();
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.stringValue();
    }
}
