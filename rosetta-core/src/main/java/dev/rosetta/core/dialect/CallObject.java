package dev.rosetta.core.dialect;

import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.attool.CallIds;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * What one JSON call object says, in every shape the model families write it: the tool under
 * {@code "name"} (or {@code "tool_name"}, Cohere; {@code "function"}, {@code "tool"},
 * {@code "action"}, LangChain's JSON agent; {@code "recipient_name"}, OpenAI's parallel-call
 * wrapper) and its arguments under {@code "arguments"} (or {@code "parameters"}, {@code "args"},
 * {@code "input"}, {@code "tool_input"}, {@code "action_input"}); the OpenAI nesting
 * {@code {"type": "function", "function": {…}}}; Apertus' {@code {"NAME": {…}}} when NAME is a
 * loaded tool; arguments written as a JSON string that holds the object. One rule for every
 * dialect that puts calls in JSON, so they all accept the same shapes and report the same way.
 *
 * @param spec       the tool called, or null
 * @param arguments  the named arguments, when {@code problem} is null
 * @param callId     the id the text carried, or null
 * @param problem    why this is not a call to run, or null
 * @param callShaped whether the object has the shape of a call at all (a tool's schema does not)
 */
public record CallObject(ToolSpec spec, Map<String, Object> arguments, String callId, String problem, boolean callShaped) {

    /** The keys a call object names its tool under, most common first. */
    private static final List<String> NAME_KEYS = List.of("name", "tool_name", "function", "tool", "function_name",
            "action", "recipient_name");
    /** The keys a call object holds its arguments under, most common first. */
    private static final List<String> ARGUMENT_KEYS = List.of("arguments", "parameters", "args", "input", "tool_input",
            "action_input", "params");
    /** The namespace OpenAI's templates put before a function's name ({@code functions.get_weather}). */
    private static final String NAMESPACE = "functions.";

    /** The object in {@code json}; {@code where} names the construct in reports ("this <tool_call>"). */
    public static CallObject read(String json, ToolCatalog tools, String where) {
        Map<String, Object> object;
        try {
            object = JsonRepair.parseObject(json);
        } catch (JsonRepairException e) {
            return failed("the JSON in " + where + " is not valid, so it was not run: " + e.getMessage(), false);
        }
        return of(object, tools, where);
    }

    /** The call a parsed object describes. */
    public static CallObject of(Map<String, Object> object, ToolCatalog tools, String where) {
        Map<String, Object> call = unwrapped(object);
        String name = name(call);
        Object given = argumentsIn(call);
        if (name == null) {
            Map.Entry<String, Object> keyed = toolAsKey(call, tools);
            if (keyed == null) {
                return failed("the JSON in " + where + " needs \"name\" (the tool) and \"arguments\" (an object),"
                        + " as in {\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}, so it was not run", false);
            }
            name = keyed.getKey();
            given = keyed.getValue();
        }
        ToolSpec spec = resolve(name.strip(), tools);
        boolean shaped = !looksLikeSchema(call);
        Map<String, Object> arguments;
        try {
            arguments = arguments(given, spec);
        } catch (JsonRepairException e) {
            return failed("the arguments of " + name + " are not a JSON object, so it was not run: " + e.getMessage(), shaped);
        }
        if (spec == null) {
            return failed(UnknownTool.problem(name, where, tools), shaped);
        }
        return new CallObject(spec, arguments, id(call, object), null, shaped);
    }

    /** The call's segment over {@code raw}, spelled in {@code dialect}. */
    public Segment segment(Dialect dialect, String raw, int start, int end) {
        if (problem != null) {
            return new Unparsed(raw, dialect, problem, start, end);
        }
        String id = callId != null ? callId : CallIds.generate(spec.name(), start, raw);
        return new Call(ToolUse.named(spec.name(), arguments, id), dialect, raw, start, end);
    }

    /** Whether this is a call to run. */
    public boolean runs() {
        return problem == null;
    }

    private static CallObject failed(String problem, boolean callShaped) {
        return new CallObject(null, null, null, problem, callShaped);
    }

    /** {@code {"type": "function", "function": {…}}} and {@code {"function": {…}}}: the inner object. */
    @SuppressWarnings("unchecked") // parsed JSON objects have String keys
    private static Map<String, Object> unwrapped(Map<String, Object> object) {
        if (!(object.get("name") instanceof String) && object.get("function") instanceof Map<?, ?> function) {
            return (Map<String, Object>) function;
        }
        return object;
    }

    private static String name(Map<String, Object> call) {
        for (String key : NAME_KEYS) {
            if (call.get(key) instanceof String s && !s.isBlank()) {
                return s;
            }
        }
        return null;
    }

    private static Object argumentsIn(Map<String, Object> call) {
        for (String key : ARGUMENT_KEYS) {
            if (call.containsKey(key)) {
                return call.get(key);
            }
        }
        return null;
    }

    /** Apertus' {@code {"get_weather": {"city": "Paris"}}}: one key, a loaded tool, an object (or nothing) as its value. */
    private static Map.Entry<String, Object> toolAsKey(Map<String, Object> call, ToolCatalog tools) {
        if (call.size() != 1) {
            return null;
        }
        Map.Entry<String, Object> only = call.entrySet().iterator().next();
        boolean arguments = only.getValue() == null || only.getValue() instanceof Map<?, ?>;
        return arguments && resolve(only.getKey().strip(), tools) != null ? only : null;
    }

    /** The tool of that name, also written in OpenAI's {@code functions.} namespace. */
    private static ToolSpec resolve(String name, ToolCatalog tools) {
        ToolSpec spec = tools.resolve(name).orElse(null);
        if (spec == null && name.startsWith(NAMESPACE)) {
            spec = tools.resolve(name.substring(NAMESPACE.length())).orElse(null);
        }
        return spec;
    }

    /**
     * The arguments as an object: absent, null or blank is none; a string is JSON that holds them
     * (Granite writes that), or — for a tool that takes one text parameter, as LangChain's
     * {@code "action_input": "weather in Paris"} — that parameter's value.
     */
    private static Map<String, Object> arguments(Object given, ToolSpec spec) {
        return switch (given) {
            case null -> Map.of();
            case Map<?, ?> map -> {
                @SuppressWarnings("unchecked") // parsed JSON objects have String keys
                Map<String, Object> object = (Map<String, Object>) map;
                yield object;
            }
            case String s when s.isBlank() -> Map.of();
            case String s -> stringArguments(s, spec);
            default -> throw new JsonRepairException("expected an object, got " + given);
        };
    }

    private static Map<String, Object> stringArguments(String text, ToolSpec spec) {
        try {
            return JsonRepair.parseObject(text);
        } catch (JsonRepairException e) {
            Parameter only = spec == null ? null : TextArguments.onlyTextParameter(spec);
            if (only == null || text.strip().startsWith("{")) {
                throw e;
            }
            return Map.of(only.name(), text);
        }
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
        for (Map<String, Object> o : List.of(call, object)) {
            for (String key : List.of("id", "call_id", "tool_call_id")) {
                if (o.get(key) instanceof String s && !s.isBlank()) {
                    return s;
                }
            }
        }
        return null;
    }
}
