package dev.rosetta.core.dialect.hermes;

import java.util.Map;

import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.dialect.attool.CallIds;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * What one JSON object in a hermes block says: {@code {"name": …, "arguments": {…}}}, with
 * {@code parameters} for {@code arguments}, arguments given as a JSON string, the OpenAI
 * {@code {"function": {…}}} nesting, and an {@code id} kept as the call id.
 *
 * @param spec        the tool called, or null
 * @param arguments   the named arguments, when {@code problem} is null
 * @param callId      the id the text carried, or null
 * @param problem     why this is not a call to run, or null
 * @param callShaped  whether the object has the shape of a call at all (a schema does not)
 */
record HermesCall(ToolSpec spec, Map<String, Object> arguments, String callId, String problem, boolean callShaped) {

    static HermesCall read(String json, ToolCatalog tools, HermesTag tag) {
        Map<String, Object> object;
        try {
            object = JsonRepair.parseObject(json);
        } catch (JsonRepairException e) {
            return failed("the JSON in this " + tag.opener() + " is not valid, so it was not run: " + e.getMessage(), false);
        }
        Map<String, Object> call = object;
        if (!object.containsKey("name") && object.get("function") instanceof Map<?, ?> function) {
            @SuppressWarnings("unchecked") // parsed JSON objects have String keys
            Map<String, Object> nested = (Map<String, Object>) function;
            call = nested;
        }
        if (!(call.get("name") instanceof String name) || name.isBlank()) {
            return failed("the JSON in " + tag.opener() + " needs \"name\" (the tool) and \"arguments\" (an object),"
                    + " as in {\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}, so it was not run", false);
        }
        boolean shaped = !(tag.mayBeSchemas() && looksLikeSchema(call));
        Object given = call.containsKey("arguments") ? call.get("arguments") : call.get("parameters");
        Map<String, Object> arguments;
        try {
            arguments = arguments(given);
        } catch (JsonRepairException e) {
            return failed("the arguments of " + name + " are not a JSON object, so it was not run: " + e.getMessage(), shaped);
        }
        ToolSpec spec = tools.resolve(name.strip()).orElse(null);
        if (spec == null) {
            return failed(UnknownTool.problem(name, "this " + tag.opener(), tools), shaped);
        }
        return new HermesCall(spec, arguments, id(call, object), null, shaped);
    }

    /** The call's segment over {@code raw}. */
    Segment segment(String raw, int start, int end) {
        if (problem != null) {
            return new Unparsed(raw, HermesDialect.INSTANCE, problem, start, end);
        }
        String id = callId != null ? callId : CallIds.generate(spec.name(), start, raw);
        return new Call(ToolUse.named(spec.name(), arguments, id), HermesDialect.INSTANCE, raw, start, end);
    }

    private static HermesCall failed(String problem, boolean callShaped) {
        return new HermesCall(null, null, null, problem, callShaped);
    }

    /** The arguments as an object: absent or null is none, a string is JSON that holds them (Granite writes that). */
    private static Map<String, Object> arguments(Object given) {
        return switch (given) {
            case null -> Map.of();
            case Map<?, ?> map -> {
                @SuppressWarnings("unchecked") // parsed JSON objects have String keys
                Map<String, Object> object = (Map<String, Object>) map;
                yield object;
            }
            case String s when s.isBlank() -> Map.of();
            case String s -> JsonRepair.parseObject(s);
            default -> throw new JsonRepairException("expected an object, got " + given);
        };
    }

    /** A tool's listing, {@code {"name", "description", "parameters": {"type": "object", "properties": …}}}, not a call. */
    private static boolean looksLikeSchema(Map<String, Object> call) {
        if (call.containsKey("description")) {
            return true;
        }
        return !call.containsKey("arguments") && call.get("parameters") instanceof Map<?, ?> p
                && (p.containsKey("properties") || "object".equals(p.get("type")));
    }

    private static String id(Map<String, Object> call, Map<String, Object> object) {
        Object id = call.containsKey("id") ? call.get("id") : object.get("id");
        return id instanceof String s && !s.isBlank() ? s : null;
    }
}
