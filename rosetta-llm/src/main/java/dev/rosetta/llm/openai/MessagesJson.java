package dev.rosetta.llm.openai;

import java.util.List;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.openai.WireMessage.AssistantTurn;
import dev.rosetta.llm.openai.WireMessage.SystemText;
import dev.rosetta.llm.openai.WireMessage.ToolOutput;
import dev.rosetta.llm.openai.WireMessage.UserText;
import dev.rosetta.llm.openai.WireMessage.WireCall;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code messages} array. Every {@code content} is a string; an assistant turn that only
 * calls tools has no {@code content} at all; a system message that is not first stays a system
 * message unless the server takes only a leading one (see {@link ServerProfile}).
 */
final class MessagesJson {

    private MessagesJson() {}

    static ArrayNode write(List<WireMessage> messages, ServerProfile profile) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (WireMessage m : profile.leadingSystemOnly() ? WireMessage.forChatTemplates(messages) : messages) {
            out.add(switch (m) {
                case SystemText s -> message("system", s.text());
                case UserText u -> message("user", u.text());
                case AssistantTurn a -> assistant(a, profile);
                case ToolOutput t -> message("tool", t.text()).put("tool_call_id", t.callId());
            });
        }
        return out;
    }

    private static ObjectNode assistant(AssistantTurn turn, ServerProfile profile) {
        ObjectNode node = Json.MAPPER.createObjectNode().put("role", "assistant");
        if (!turn.text().isBlank() || turn.calls().isEmpty()) {
            node.put("content", turn.text());
        }
        if (turn.calls().isEmpty()) {
            return node;
        }
        ArrayNode calls = node.putArray("tool_calls");
        for (WireCall call : turn.calls()) {
            ObjectNode c = calls.addObject().put("id", call.id()).put("type", "function");
            c.putObject("function").put("name", call.name()).put("arguments", call.argumentsJson());
        }
        switch (profile.reasoningReplay()) {
            case REASONING_CONTENT -> node.put("reasoning_content", turn.reasoning());
            case REASONING_DETAILS -> {
                if (!turn.reasoning().isEmpty()) {
                    node.putArray("reasoning_details").addObject().put("type", "reasoning.text")
                            .put("text", turn.reasoning());
                }
            }
            case NONE -> { }
        }
        return node;
    }

    private static ObjectNode message(String role, String content) {
        return Json.MAPPER.createObjectNode().put("role", role).put("content", content);
    }
}
