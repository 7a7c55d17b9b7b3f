package dev.rosetta.cli.e2e;

import static dev.rosetta.cli.e2e.WireJson.object;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.rosetta.cli.e2e.ScriptedReply.Streamed;
import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * OpenAI Responses: named events with sequence numbers — response.created, a message item whose
 * text arrives as {@code response.output_text.delta}, function_call items whose arguments arrive
 * as {@code response.function_call_arguments.delta}, then {@code response.completed} with every
 * item and the usage. The shapes are those of rosetta-llm's recorded fixtures (text.sse,
 * parallel-calls.sse).
 */
final class ResponsesWire implements Wire {

    private static final String RESPONSE = "resp_684b3e6ac540819ba8d482c36f131496091e30eaec0a395b";
    private static final String MESSAGE = "msg_684b3e45d0908199a9d13b395deba54e010b42c5871a937b";

    @Override
    public String path() {
        return "/v1/responses";
    }

    @Override
    public String stream(Streamed reply) {
        Events out = new Events();
        out.start();
        List<Object> items = new ArrayList<>();
        if (!reply.fullText().isEmpty()) {
            items.add(out.message(reply.text(), items.size()));
        }
        for (ModelCall call : reply.calls()) {
            items.add(out.functionCall(call, items.size()));
        }
        out.add("response.completed", object("response", response("completed", items, object("input_tokens", 412,
                "input_tokens_details", object("cached_tokens", 0), "output_tokens", 48,
                "output_tokens_details", object("reasoning_tokens", 0), "total_tokens", 460))));
        return out.toString();
    }

    @Override
    public String streamStart(String text) {
        Events out = new Events();
        out.start();
        out.add("response.output_item.added", object("output_index", 0, "item", messageItem("in_progress", null)));
        out.add("response.content_part.added", object("item_id", MESSAGE, "output_index", 0, "content_index", 0,
                "part", textPart("")));
        for (String piece : Format.pieces(text)) {
            out.add("response.output_text.delta", object("item_id", MESSAGE, "output_index", 0, "content_index", 0,
                    "delta", piece));
        }
        return out.toString();
    }

    @Override
    public String errorBody(int status, String message) {
        String type = status == 429 ? "rate_limit_exceeded" : status == 401 ? "invalid_request_error" : "server_error";
        return Json.write(object("error", object("message", message, "type", type, "param", null, "code", type)));
    }

    @Override
    public String errorEvent(String code, String message) {
        return WireJson.event("error", object("type", "error", "sequence_number", 99, "code", code, "message", message,
                "param", null));
    }

    @Override
    public String systemPrompt(JsonNode request) {
        if (request.has("instructions")) {
            return Wire.text(request.get("instructions"));
        }
        JsonNode first = request.path("input").path(0);
        String role = first.path("role").asString("");
        return role.equals("system") || role.equals("developer") ? Wire.text(first.path("content")) : "";
    }

    @Override
    public List<WireResult> results(JsonNode request) {
        List<WireResult> out = new ArrayList<>();
        for (JsonNode item : request.path("input")) {
            if (item.path("type").asString("").equals("function_call_output")) {
                out.add(new WireResult(item.path("call_id").asString(""), Wire.text(item.path("output")), false));
            }
        }
        return out;
    }

    @Override
    public List<ModelCall> calls(JsonNode request) {
        List<ModelCall> out = new ArrayList<>();
        for (JsonNode item : request.path("input")) {
            if (item.path("type").asString("").equals("function_call")) {
                out.add(ModelCall.of(item.path("call_id").asString(""), item.path("name").asString(""),
                        Json.readObject(item.path("arguments").asString("{}"))));
            }
        }
        return out;
    }

    @Override
    public List<String> messageTexts(JsonNode request) {
        List<String> out = new ArrayList<>();
        for (JsonNode item : request.path("input")) {
            if (item.has("role")) {
                out.add(item.path("role").asString("") + ": " + Wire.text(item.path("content")));
            }
        }
        return out;
    }

    private static Map<String, Object> response(String status, List<Object> output, Object usage) {
        return object("id", RESPONSE, "object", "response", "created_at", 1749761642, "status", status,
                "error", null, "incomplete_details", null, "model", "gpt-5-2025-08-07", "output", output,
                "parallel_tool_calls", true, "usage", usage);
    }

    private static Map<String, Object> messageItem(String status, String text) {
        return object("id", MESSAGE, "type", "message", "status", status,
                "content", text == null ? List.of() : List.of(textPart(text)), "role", "assistant");
    }

    private static Map<String, Object> textPart(String text) {
        return object("type", "output_text", "annotations", List.of(), "text", text);
    }

    private static Map<String, Object> callItem(ModelCall call, String status, String arguments) {
        return object("id", "fc_" + call.id(), "type", "function_call", "status", status, "arguments", arguments,
                "call_id", call.id(), "name", call.tool());
    }

    /** The events of one stream, numbered as the API numbers them. */
    private static final class Events {
        private final StringBuilder sse = new StringBuilder();
        private int sequence;

        void add(String type, Map<String, Object> fields) {
            Map<String, Object> payload = object("type", type, "sequence_number", sequence++);
            payload.putAll(fields);
            sse.append(WireJson.event(type, payload));
        }

        void start() {
            add("response.created", object("response", response("in_progress", List.of(), null)));
            add("response.in_progress", object("response", response("in_progress", List.of(), null)));
        }

        Object message(List<String> pieces, int index) {
            String text = String.join("", pieces);
            add("response.output_item.added", object("output_index", index, "item", messageItem("in_progress", null)));
            add("response.content_part.added", object("item_id", MESSAGE, "output_index", index, "content_index", 0,
                    "part", textPart("")));
            for (String piece : pieces) {
                add("response.output_text.delta", object("item_id", MESSAGE, "output_index", index,
                        "content_index", 0, "delta", piece));
            }
            add("response.output_text.done", object("item_id", MESSAGE, "output_index", index, "content_index", 0,
                    "text", text));
            add("response.content_part.done", object("item_id", MESSAGE, "output_index", index, "content_index", 0,
                    "part", textPart(text)));
            Map<String, Object> item = messageItem("completed", text);
            add("response.output_item.done", object("output_index", index, "item", item));
            return item;
        }

        Object functionCall(ModelCall call, int index) {
            String args = call.argumentsJson();
            add("response.output_item.added", object("output_index", index, "item", callItem(call, "in_progress", "")));
            for (String piece : WireJson.halves(args)) {
                add("response.function_call_arguments.delta", object("item_id", "fc_" + call.id(),
                        "output_index", index, "delta", piece));
            }
            add("response.function_call_arguments.done", object("item_id", "fc_" + call.id(), "output_index", index,
                    "arguments", args));
            Map<String, Object> item = callItem(call, "completed", args);
            add("response.output_item.done", object("output_index", index, "item", item));
            return item;
        }

        @Override
        public String toString() {
            return sse.toString();
        }
    }
}
