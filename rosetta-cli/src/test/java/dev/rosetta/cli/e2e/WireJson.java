package dev.rosetta.cli.e2e;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.json.Json;

/** JSON objects written in the order given (as the APIs send them), and the two SSE framings. */
final class WireJson {

    private WireJson() {}

    /** {@code object("a", 1, "b", null)} → {"a":1,"b":null}. */
    static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            o.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return o;
    }

    /** An OpenAI Chat Completions frame: only {@code data:}. */
    static String data(Object payload) {
        return "data: " + Json.write(payload) + "\n\n";
    }

    /** A named event, as the Responses and Messages APIs send them. */
    static String event(String name, Object payload) {
        return "event: " + name + "\ndata: " + Json.write(payload) + "\n\n";
    }

    /** A call's arguments as two deltas, split mid-token as the APIs do. */
    static java.util.List<String> halves(String json) {
        int mid = json.length() / 2;
        return java.util.List.of(json.substring(0, mid), json.substring(mid));
    }
}
