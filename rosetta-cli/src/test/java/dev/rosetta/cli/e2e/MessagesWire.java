package dev.rosetta.cli.e2e;

import static dev.rosetta.cli.e2e.WireJson.event;
import static dev.rosetta.cli.e2e.WireJson.object;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.cli.e2e.ScriptedReply.Streamed;
import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Anthropic Messages: message_start, content blocks (text with text_delta, tool_use with
 * input_json_delta pieces) each started and stopped, a ping among them, message_delta with the
 * stop reason and the output tokens, message_stop. The shapes are those of rosetta-llm's
 * recorded fixtures (text-with-ping.sse, thinking-then-tool.sse).
 */
final class MessagesWire implements Wire {

    @Override
    public String path() {
        return "/v1/messages";
    }

    @Override
    public String stream(Streamed reply) {
        StringBuilder sse = new StringBuilder(messageStart());
        int index = 0;
        if (!reply.fullText().isEmpty()) {
            sse.append(textBlock(index++, reply.text()));
        }
        for (ModelCall call : reply.calls()) {
            sse.append(event("content_block_start", object("type", "content_block_start", "index", index,
                    "content_block", object("type", "tool_use", "id", call.id(), "name", call.tool(), "input", object()))));
            sse.append(inputDelta(index, ""));
            for (String piece : WireJson.halves(call.argumentsJson())) {
                sse.append(inputDelta(index, piece));
            }
            sse.append(event("content_block_stop", object("type", "content_block_stop", "index", index++)));
        }
        sse.append(event("message_delta", object("type", "message_delta", "delta", object("stop_reason",
                reply.calls().isEmpty() ? "end_turn" : "tool_use", "stop_sequence", null),
                "usage", object("output_tokens", 48))));
        return sse.append(event("message_stop", object("type", "message_stop"))).toString();
    }

    @Override
    public String streamStart(String text) {
        String sse = messageStart() + event("content_block_start", object("type", "content_block_start", "index", 0,
                "content_block", object("type", "text", "text", "")));
        StringBuilder out = new StringBuilder(sse);
        for (String piece : Format.pieces(text)) {
            out.append(textDelta(0, piece));
        }
        return out.toString();
    }

    @Override
    public String errorBody(int status, String message) {
        String type = switch (status) {
            case 429 -> "rate_limit_error";
            case 401 -> "authentication_error";
            case 529 -> "overloaded_error";
            default -> "api_error";
        };
        return Json.write(object("type", "error", "error", object("type", type, "message", message)));
    }

    @Override
    public String errorEvent(String code, String message) {
        return event("error", object("type", "error", "error", object("type", code, "message", message)));
    }

    @Override
    public String systemPrompt(JsonNode request) {
        return Wire.text(request.path("system"));
    }

    @Override
    public List<WireResult> results(JsonNode request) {
        List<WireResult> out = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            for (JsonNode block : m.path("content")) {
                if (block.path("type").asString("").equals("tool_result")) {
                    out.add(new WireResult(block.path("tool_use_id").asString(""), Wire.text(block.path("content")),
                            block.path("is_error").asBoolean(false)));
                }
            }
        }
        return out;
    }

    @Override
    public List<ModelCall> calls(JsonNode request) {
        List<ModelCall> out = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            for (JsonNode block : m.path("content")) {
                if (block.path("type").asString("").equals("tool_use")) {
                    out.add(ModelCall.of(block.path("id").asString(""), block.path("name").asString(""),
                            Json.readObject(Json.write(block.path("input")))));
                }
            }
        }
        return out;
    }

    @Override
    public List<String> messageTexts(JsonNode request) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            out.add(m.path("role").asString("") + ": " + Wire.text(m.path("content")));
        }
        return out;
    }

    private static String messageStart() {
        return event("message_start", object("type", "message_start", "message", object("id",
                "msg_019Q1hrJbZG26Fb9BQhrkHEr", "type", "message", "role", "assistant", "model", "claude-sonnet-4-6",
                "content", List.of(), "stop_reason", null, "stop_sequence", null, "usage", object("input_tokens", 412,
                        "cache_creation_input_tokens", 0, "cache_read_input_tokens", 0, "output_tokens", 1))));
    }

    private static String textBlock(int index, List<String> pieces) {
        StringBuilder sse = new StringBuilder(event("content_block_start", object("type", "content_block_start",
                "index", index, "content_block", object("type", "text", "text", ""))));
        sse.append(event("ping", object("type", "ping")));
        pieces.forEach(piece -> sse.append(textDelta(index, piece)));
        return sse.append(event("content_block_stop", object("type", "content_block_stop", "index", index))).toString();
    }

    private static String textDelta(int index, String text) {
        return event("content_block_delta", object("type", "content_block_delta", "index", index,
                "delta", object("type", "text_delta", "text", text)));
    }

    private static String inputDelta(int index, String json) {
        return event("content_block_delta", object("type", "content_block_delta", "index", index,
                "delta", object("type", "input_json_delta", "partial_json", json)));
    }
}
