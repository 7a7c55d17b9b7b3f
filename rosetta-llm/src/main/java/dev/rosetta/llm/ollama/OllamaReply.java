package dev.rosetta.llm.ollama;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.stream.Frame;
import dev.rosetta.llm.stream.ReplyDecoder;
import tools.jackson.databind.JsonNode;

/**
 * Reads Ollama's {@code /api/chat} reply, one JSON object a line (or the one object of a reply
 * that was not streamed):
 * <ul>
 * <li>{@code message.thinking} → ThinkingDelta, and ReasoningCompleted when text or calls follow;</li>
 * <li>{@code message.content} → TextDelta;</li>
 * <li>{@code message.tool_calls} → each call whole at once (Ollama sends a call only once its
 *     parser has all of it): Started, its arguments, Completed. Older servers send no {@code id};
 *     one is made, and being logged with the call, it stays the call's for the conversation;</li>
 * <li>the line with {@code done: true} → Usage ({@code prompt_eval_count}, {@code eval_count})
 *     and Finished from {@code done_reason};</li>
 * <li>{@code {"error": "…"}} → the reply failed, as reported.</li>
 * </ul>
 * A body that ends before {@code done} was cut off.
 */
final class OllamaReply implements ReplyDecoder {

    private final String provider;
    private final StringBuilder reasoning = new StringBuilder();
    private boolean thinking;
    private int calls;

    OllamaReply(String provider) {
        this.provider = provider;
    }

    @Override
    public List<ChatEvent> frame(Frame frame) {
        JsonNode line = frame.json();
        if (line == null) {
            return List.of();
        }
        if (line.has("error")) {
            return List.of(new Finished(StopReason.INTERRUPTED, "error", ProviderErrors.reported(provider, line)));
        }
        List<ChatEvent> out = new ArrayList<>(2);
        JsonNode message = line.path("message");
        String thought = text(message.get("thinking"));
        if (thought != null) {
            thinking = true;
            reasoning.append(thought);
            out.add(new ThinkingDelta(thought));
        }
        String content = text(message.get("content"));
        if (content != null) {
            endReasoning(out);
            out.add(new TextDelta(content));
        }
        for (JsonNode call : message.path("tool_calls")) {
            endReasoning(out);
            call(call, out);
        }
        if (line.path("done").asBoolean(false)) {
            endReasoning(out);
            out.add(new Usage(line.path("prompt_eval_count").asLong(0), line.path("eval_count").asLong(0), 0, 0));
            String reason = text(line.get("done_reason"));
            out.add(new Finished(stop(reason), reason, null));
        }
        return out;
    }

    @Override
    public List<ChatEvent> ended() {
        return List.of();
    }

    private void call(JsonNode call, List<ChatEvent> out) {
        JsonNode function = call.path("function");
        String name = text(function.get("name"));
        if (name == null) {
            return;
        }
        String id = text(call.get("id"));
        if (id == null) {
            id = "call_" + UUID.randomUUID().toString().replace("-", "").substring(0, 24);
        }
        JsonNode arguments = function.get("arguments");
        String json = arguments == null || arguments.isNull() ? "{}"
                : arguments.isString() ? arguments.stringValue() : arguments.toString();
        int index = calls++;
        out.add(new ToolCallStarted(index, id, name));
        out.add(new ToolCallDelta(index, id, json));
        out.add(new ToolCallCompleted(index, id, name, json));
    }

    /** stop → END_TURN (TOOL_USE when it called tools), length → MAX_TOKENS, anything else → OTHER. */
    private StopReason stop(String reason) {
        if (reason == null || reason.equals("stop")) {
            return calls > 0 ? StopReason.TOOL_USE : StopReason.END_TURN;
        }
        return reason.equals("length") ? StopReason.MAX_TOKENS : StopReason.OTHER;
    }

    private void endReasoning(List<ChatEvent> out) {
        if (thinking) {
            out.add(new ReasoningCompleted(Reasoning.of(OllamaProvider.REASONING_ORIGIN, reasoning.toString(), null)));
            reasoning.setLength(0);
            thinking = false;
        }
    }

    private static String text(JsonNode node) {
        return node != null && node.isString() && !node.stringValue().isEmpty() ? node.stringValue() : null;
    }
}
