package dev.rosetta.core.dialect;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.rosetta.core.dialect.attool.CallIds;
import dev.rosetta.core.json.Json;
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
 * What every native dialect does once it has read a call: find the tool, read its JSON
 * arguments, and make the segment — a call, or an unparsed report whose problem the model is
 * told. One place, so every dialect words its reports the same way.
 */
public final class NativeCalls {

    private NativeCalls() {}

    /** A call of the tool named {@code name} with JSON arguments, or the report of why it is not one. */
    public static Segment fromJson(Dialect dialect, ToolCatalog tools, String name, String json,
                                   String callId, String raw, int start, int end) {
        Optional<ToolSpec> spec = tools.resolve(name);
        if (spec.isEmpty()) {
            return new Unparsed(raw, dialect, unknownTool(name, tools), start, end);
        }
        try {
            return call(dialect, spec.get(), arguments(json), callId, raw, start, end);
        } catch (JsonRepairException e) {
            return new Unparsed(raw, dialect, "the arguments of " + name + " are not valid JSON, so it was not run: "
                    + e.getMessage(), start, end);
        }
    }

    /**
     * A call written as one JSON object (Mistral's list, Llama 3's bare object), in any of the
     * shapes {@link CallObject} reads.
     */
    public static Segment fromObject(Dialect dialect, ToolCatalog tools, String objectJson,
                                     String raw, int start, int end) {
        return CallObject.read(objectJson, tools, "this call").segment(dialect, raw, start, end);
    }

    /** A call of {@code spec}; the id is the one the text carried, else one derived from the call. */
    public static Call call(Dialect dialect, ToolSpec spec, Map<String, Object> kwargs, String callId,
                            String raw, int start, int end) {
        return call(dialect, ToolUse.named(spec.name(), kwargs, callId), raw, start, end);
    }

    /** A call of {@code use}, given an id derived from the call when the text carried none. */
    public static Call call(Dialect dialect, ToolUse use, String raw, int start, int end) {
        String id = use.callId() != null && !use.callId().isBlank() ? use.callId() : CallIds.generate(use.tool(), start, raw);
        return new Call(use.withCallId(id), dialect, raw, start, end);
    }

    /**
     * The arguments as a JSON object, repaired where models break JSON; an object written as a
     * JSON string holding JSON (Granite, Hermes fine-tunes) is read through.
     */
    public static Map<String, Object> arguments(String json) {
        String text = json.strip();
        if (text.isEmpty()) {
            return Map.of();
        }
        if (text.startsWith("\"")) {
            try {
                if (Json.read(text) instanceof String inner) {
                    return JsonRepair.parseObject(inner);
                }
            } catch (RuntimeException e) {
                // Not a JSON string: let the repair below report what it is.
            }
        }
        return JsonRepair.parseObject(text);
    }

    /** The problem of a call naming a tool that is not loaded. */
    public static String unknownTool(String name, ToolCatalog tools) {
        return UnknownTool.problem(name, tools);
    }

    /** The report of a call the message ended inside: never run, since the reply may have been cut off. */
    public static Unparsed incomplete(Dialect dialect, String what, String raw, int start, int end) {
        return new Unparsed(raw, dialect, "incomplete: " + what
                + " was never closed, so it was not run (the reply may have been cut off)", start, end);
    }

    /**
     * The one loaded tool whose declared parameters take exactly these argument names, all its
     * required ones included; empty when none or several do. For call headers that name no tool
     * (Kimi's bare counter ids).
     */
    public static Optional<ToolSpec> toolTaking(Set<String> names, ToolCatalog tools) {
        ToolSpec found = null;
        for (ToolSpec spec : tools.tools()) {
            boolean takes = !spec.parameters().isEmpty()
                    && names.stream().allMatch(n -> spec.parameter(n).isPresent())
                    && spec.parameters().stream().filter(Parameter::required).allMatch(p -> names.contains(p.name()));
            if (takes) {
                if (found != null) {
                    return Optional.empty();
                }
                found = spec;
            }
        }
        return Optional.ofNullable(found);
    }
}
