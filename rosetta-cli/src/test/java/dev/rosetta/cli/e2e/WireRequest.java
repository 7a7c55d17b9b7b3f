package dev.rosetta.cli.e2e;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A request that reached the fake provider, read the way its API means it.
 *
 * @param api     which API's path it was sent to
 * @param headers the request headers, one "name: value" a line
 * @param raw     the body as sent
 */
record WireRequest(Api api, String headers, String raw) {

    JsonNode body() {
        return Json.MAPPER.readTree(raw);
    }

    String systemPrompt() {
        return api.wire().systemPrompt(body());
    }

    List<WireResult> results() {
        return api.wire().results(body());
    }

    /** The native calls of the earlier assistant turns this request carries. */
    List<ModelCall> calls() {
        return api.wire().calls(body());
    }

    /** The messages after the system prompt, as "role: text". */
    List<String> messages() {
        return api.wire().messageTexts(body());
    }

    /** Every string in the body, in order: what the model was shown, wherever the API puts it. */
    List<String> strings() {
        List<String> out = new ArrayList<>();
        collect(body(), out);
        return out;
    }

    /** How many strings of the body contain {@code text}. */
    long stringsContaining(String text) {
        return strings().stream().filter(s -> s.contains(text)).count();
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.isString()) {
            out.add(node.stringValue());
        }
        for (JsonNode child : node) {
            collect(child, out);
        }
    }
}
