package dev.rosetta.llm.openai;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.json.Json;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/**
 * A Chat Completions server that checks {@code strict: true} tools as OpenAI's structured
 * outputs do, and answers a schema it would refuse with OpenAI's own 400 ({@code
 * invalid_function_parameters}): every object lists each of its properties in {@code required}
 * and sets {@code additionalProperties: false}; a type is one of the JSON types, or a list of them
 * with {@code "null"}; an array says what its items are. A request it accepts gets a short reply.
 */
final class StrictModeServer implements AutoCloseable {

    private static final Set<String> TYPES = Set.of("string", "number", "integer", "boolean", "object", "array", "null");

    final MockWebServer server = new MockWebServer();
    final List<String> refusals = new ArrayList<>();

    StrictModeServer() throws IOException {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return answer(Json.MAPPER.readTree(request.getBody().utf8()));
            }
        });
        server.start();
    }

    private MockResponse answer(JsonNode body) {
        JsonNode tools = body.path("tools");
        for (int i = 0; i < tools.size(); i++) {
            JsonNode function = tools.get(i).path("function");
            if (!function.path("strict").asBoolean(false)) {
                continue;
            }
            String problem = problem(function.path("parameters"), "()");
            if (problem != null) {
                String message = "Invalid schema for function '" + function.path("name").asString() + "': " + problem;
                refusals.add(message);
                return new MockResponse.Builder().code(400).setHeader("content-type", "application/json")
                        .body(Json.write(Json.MAPPER.createObjectNode().set("error", Json.MAPPER.createObjectNode()
                                .put("message", message).put("type", "invalid_request_error")
                                .put("param", "tools[" + i + "].function.parameters")
                                .put("code", "invalid_function_parameters"))))
                        .build();
            }
        }
        return new MockResponse.Builder().setHeader("content-type", "text/event-stream").body("""
                data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"ok"},"finish_reason":null}]}

                data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

                data: [DONE]

                """).build();
    }

    /** Why OpenAI would refuse {@code schema} at {@code context}, or null. */
    static String problem(JsonNode schema, String context) {
        Set<String> types = new HashSet<>();
        JsonNode type = schema.get("type");
        if (type == null) {
            return "In context=" + context + ", schema must have a 'type' key.";
        }
        if (type.isArray()) {
            type.values().forEach(t -> types.add(t.asString()));
        } else {
            types.add(type.asString());
        }
        if (!TYPES.containsAll(types)) {
            return "In context=" + context + ", " + types + " is not a valid type.";
        }
        if (types.contains("object")) {
            if (!schema.path("additionalProperties").isBoolean() || schema.path("additionalProperties").asBoolean()) {
                return "In context=" + context + ", 'additionalProperties' is required to be supplied and to be false.";
            }
            Set<String> required = new HashSet<>();
            schema.path("required").values().forEach(r -> required.add(r.asString()));
            for (String name : schema.path("properties").propertyNames()) {
                if (!required.contains(name)) {
                    return "In context=" + context + ", 'required' is required to be supplied and to be an array"
                            + " including every key in properties. Missing '" + name + "'.";
                }
                String nested = problem(schema.path("properties").path(name), "('properties', '" + name + "')");
                if (nested != null) {
                    return nested;
                }
            }
        }
        if (types.contains("array") && !schema.has("items")) {
            return "In context=" + context + ", array schema missing items.";
        }
        return null;
    }

    @Override
    public void close() {
        server.close();
    }
}
