package dev.rosetta.llm.tape;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.StopReason;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * One line of a reply tape: what the model answered to one request. A reply is its {@code
 * thinking}, its {@code text}, its native {@code tool_calls}, its {@code usage} and its {@code
 * stop} reason; {@code {"error": "…"}} is a request the provider failed; {@code {"stall": true}}
 * one it never answered (the conversation waits until it is stopped). docs/EVALS.md describes the
 * format, which is written by hand as well as recorded.
 */
public sealed interface TapeLine {

    record Reply(String thinking, String text, List<NativeCall> calls, ChatEvent.Usage usage, StopReason stop)
            implements TapeLine {
        public Reply {
            calls = List.copyOf(calls);
        }
    }

    /** A native call: its id, tool name and JSON arguments text. */
    record NativeCall(String id, String name, String argumentsJson) {}

    record Failure(String message, int status) implements TapeLine {}

    record Stall() implements TapeLine {}

    /** The line as JSON, without a newline. */
    static String write(TapeLine line) {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (line) {
            case Reply r -> {
                if (!r.thinking().isEmpty()) {
                    out.put("thinking", r.thinking());
                }
                out.put("text", r.text());
                if (!r.calls().isEmpty()) {
                    List<Object> calls = new ArrayList<>();
                    for (NativeCall c : r.calls()) {
                        Map<String, Object> call = new LinkedHashMap<>();
                        call.put("id", c.id());
                        call.put("name", c.name());
                        call.put("arguments", c.argumentsJson());
                        calls.add(call);
                    }
                    out.put("tool_calls", calls);
                }
                if (r.usage() != null) {
                    out.put("usage", Map.of("input", r.usage().inputTokens(), "output", r.usage().outputTokens(),
                            "cache_read", r.usage().cacheReadTokens(), "cache_write", r.usage().cacheWriteTokens()));
                }
                out.put("stop", r.stop().name().toLowerCase(Locale.ROOT));
            }
            case Failure f -> {
                out.put("error", f.message());
                if (f.status() > 0) {
                    out.put("status", f.status());
                }
            }
            case Stall s -> out.put("stall", true);
        }
        return Json.write(out);
    }

    /** Reads line {@code number} of {@code source}; a line that is not one of the three shapes is an error naming both. */
    static TapeLine read(String json, String source, int number) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw problem(source, number, "not JSON: " + e.getOriginalMessage());
        }
        if (!node.isObject()) {
            throw problem(source, number, "a reply is a JSON object");
        }
        if (node.path("stall").asBoolean(false)) {
            return new Stall();
        }
        if (node.has("error")) {
            return new Failure(node.path("error").asString("the provider failed"), node.path("status").asInt(0));
        }
        List<NativeCall> calls = new ArrayList<>();
        int i = 0;
        for (JsonNode c : node.path("tool_calls")) {
            String name = c.path("name").asString("");
            if (name.isBlank()) {
                throw problem(source, number, "tool_calls[" + i + "] has no name");
            }
            JsonNode args = c.path("arguments");
            String argumentsJson = args.isString() ? args.asString() : args.isMissingNode() ? "{}" : Json.write(args);
            calls.add(new NativeCall(c.path("id").asString("call_tape_" + number + "_" + i), name, argumentsJson));
            i++;
        }
        JsonNode u = node.path("usage");
        ChatEvent.Usage usage = u.isObject() ? new ChatEvent.Usage(u.path("input").asLong(0), u.path("output").asLong(0),
                u.path("cache_read").asLong(0), u.path("cache_write").asLong(0)) : null;
        StopReason stop = stop(node.path("stop").asString(calls.isEmpty() ? "end_turn" : "tool_use"), source, number);
        return new Reply(node.path("thinking").asString(""), node.path("text").asString(""), calls, usage, stop);
    }

    private static StopReason stop(String value, String source, int number) {
        try {
            return StopReason.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw problem(source, number, "stop: unknown reason '" + value + "'; use end_turn, tool_use, max_tokens,"
                    + " interrupted or canceled");
        }
    }

    private static RosettaException problem(String source, int number, String what) {
        return new RosettaException(source + ":" + number + ": " + what);
    }
}
