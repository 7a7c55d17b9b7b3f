package dev.rosetta.llm.responses;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.stream.Frame;
import dev.rosetta.llm.stream.ReplyDecoder;
import tools.jackson.databind.JsonNode;

/**
 * A whole response object (the reply to a non-streaming request) as the events a stream of it
 * would have given: its {@code output} items in order, then usage and the stop reason.
 */
final class ResponseObject implements ReplyDecoder {

    private final String provider;
    private final List<ChatEvent> out = new ArrayList<>();
    private int calls;
    private boolean refused;

    ResponseObject(String provider) {
        this.provider = provider;
    }

    /** The body: a response object, or an error body in its place. */
    @Override
    public List<ChatEvent> frame(Frame frame) {
        JsonNode response = frame.json();
        if (response.has("error") && !response.has("output")) {
            return List.of(new Finished(StopReason.INTERRUPTED, "error", ProviderErrors.reported(provider, response)));
        }
        response.path("output").forEach(this::item);
        if ("failed".equals(Fields.text(response, "status"))) {
            out.add(new Finished(StopReason.INTERRUPTED, "failed", ProviderErrors.reported(provider,
                    response.path("error"))));
            return out;
        }
        out.addAll(ResponseEnd.events(response, "completed", calls > 0, refused));
        return out;
    }

    @Override
    public List<ChatEvent> ended() {
        return List.of();
    }

    private void item(JsonNode item) {
        switch (Fields.textOrEmpty(item, "type")) {
            case "reasoning" -> {
                String summary = OutputItems.summary(item);
                if (!summary.isEmpty()) {
                    out.add(new ThinkingDelta(summary));
                }
                OutputItems.keep(item).ifPresent(r -> out.add(new ReasoningCompleted(r)));
            }
            case "message" -> item.path("content").forEach(this::part);
            case "function_call" -> call(item);
            default -> { } // built-in tool calls and item types added later
        }
    }

    private void part(JsonNode part) {
        boolean refusal = "refusal".equals(Fields.text(part, "type"));
        refused |= refusal;
        String text = Fields.textOrEmpty(part, refusal ? "refusal" : "text");
        if (!text.isEmpty()) {
            out.add(new TextDelta(text));
        }
    }

    private void call(JsonNode item) {
        int index = calls++;
        String id = OutputItems.callId(item);
        String name = Fields.textOrEmpty(item, "name");
        String arguments = OutputItems.arguments(item);
        out.add(new ToolCallStarted(index, id, name));
        out.add(new ToolCallDelta(index, id, arguments));
        out.add(new ToolCallCompleted(index, id, name, arguments));
    }
}
