package dev.rosetta.cli.e2e;

import static dev.rosetta.cli.e2e.WireJson.data;
import static dev.rosetta.cli.e2e.WireJson.object;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.rosetta.cli.e2e.ScriptedReply.Streamed;
import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * OpenAI Chat Completions: {@code data: {chunk}} frames, tool calls as indexed deltas whose
 * arguments arrive in pieces, a usage chunk with no choices, then {@code data: [DONE]}. The
 * shapes are those of rosetta-llm's recorded fixtures (openai-parallel-tools.sse).
 */
final class ChatCompletionsWire implements Wire {

    private static final String ID = "chatcmpl-E2eQ2pLrT7wVcXe0JkYbMdNf";

    @Override
    public String path() {
        return "/v1/chat/completions";
    }

    @Override
    public String stream(Streamed reply) {
        StringBuilder sse = new StringBuilder(chunk(object("role", "assistant", "content", ""), null));
        reply.text().forEach(piece -> sse.append(chunk(object("content", piece), null)));
        for (int i = 0; i < reply.calls().size(); i++) {
            ModelCall call = reply.calls().get(i);
            sse.append(chunk(object("tool_calls", List.of(object("index", i, "id", call.id(), "type", "function",
                    "function", object("name", call.tool(), "arguments", "")))), null));
            for (String piece : WireJson.halves(call.argumentsJson())) {
                sse.append(chunk(object("tool_calls", List.of(object("index", i, "function",
                        object("arguments", piece)))), null));
            }
        }
        sse.append(chunk(object(), reply.calls().isEmpty() ? "stop" : "tool_calls"));
        sse.append(data(object("id", ID, "object", "chat.completion.chunk", "created", 1754920144,
                "model", "gpt-4.1-2025-04-14", "choices", List.of(), "usage", object("prompt_tokens", 412,
                        "completion_tokens", 48, "total_tokens", 460, "prompt_tokens_details",
                        object("cached_tokens", 0)))));
        return sse.append("data: [DONE]\n\n").toString();
    }

    @Override
    public String streamStart(String text) {
        StringBuilder sse = new StringBuilder(chunk(object("role", "assistant", "content", ""), null));
        Format.pieces(text).forEach(piece -> sse.append(chunk(object("content", piece), null)));
        return sse.toString();
    }

    @Override
    public String errorBody(int status, String message) {
        String type = status == 429 ? "rate_limit_exceeded" : status == 401 ? "invalid_request_error" : "server_error";
        return Json.write(object("error", object("message", message, "type", type, "param", null, "code", type)));
    }

    @Override
    public String errorEvent(String code, String message) {
        return data(object("error", object("message", message, "type", code, "param", null, "code", null)));
    }

    @Override
    public String systemPrompt(JsonNode request) {
        JsonNode first = request.path("messages").path(0);
        String role = first.path("role").asString("");
        return role.equals("system") || role.equals("developer") ? Wire.text(first.path("content")) : "";
    }

    @Override
    public List<WireResult> results(JsonNode request) {
        List<WireResult> out = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            if (m.path("role").asString("").equals("tool")) {
                out.add(new WireResult(m.path("tool_call_id").asString(""), Wire.text(m.path("content")), false));
            }
        }
        return out;
    }

    @Override
    public List<ModelCall> calls(JsonNode request) {
        List<ModelCall> out = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            for (JsonNode c : m.path("tool_calls")) {
                out.add(ModelCall.of(c.path("id").asString(""), c.path("function").path("name").asString(""),
                        Json.readObject(c.path("function").path("arguments").asString("{}"))));
            }
        }
        return out;
    }

    @Override
    public List<String> messageTexts(JsonNode request) {
        List<String> out = new ArrayList<>();
        JsonNode messages = request.path("messages");
        for (int i = 1; i < messages.size(); i++) {
            out.add(messages.get(i).path("role").asString("") + ": " + Wire.text(messages.get(i).path("content")));
        }
        return out;
    }

    private static String chunk(Map<String, Object> delta, String finish) {
        return data(object("id", ID, "object", "chat.completion.chunk", "created", 1754920144,
                "model", "gpt-4.1-2025-04-14", "system_fingerprint", "fp_b3f1157249",
                "choices", List.of(object("index", 0, "delta", delta, "logprobs", null, "finish_reason", finish)),
                "usage", null));
    }
}
