package dev.rosetta.llm.anthropic;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.stream.Frame;
import dev.rosetta.llm.stream.ReplyDecoder;
import tools.jackson.databind.JsonNode;

/** A reply that came whole (no streaming): its content blocks as the events a stream would bring. */
final class ReplyMessage implements ReplyDecoder {

    private final String provider;

    ReplyMessage(String provider) {
        this.provider = provider;
    }

    @Override
    public List<ChatEvent> frame(Frame frame) {
        return events(provider, frame.json());
    }

    @Override
    public List<ChatEvent> ended() {
        return List.of();
    }

    private static List<ChatEvent> events(String provider, JsonNode message) {
        if (Blocks.type(message).equals("error")) {
            return List.of(new ChatEvent.Finished(StopReason.INTERRUPTED, message.path("error").path("type")
                    .stringValue(null), ProviderErrors.reported(provider, message)));
        }
        List<ChatEvent> events = new ArrayList<>();
        int calls = 0;
        for (JsonNode block : message.path("content")) {
            switch (Blocks.type(block)) {
                case "text" -> {
                    String text = block.path("text").stringValue("");
                    if (!text.isEmpty()) {
                        events.add(new ChatEvent.TextDelta(text));
                    }
                }
                case "thinking" -> thinking(block, events);
                case "redacted_thinking" -> events.add(
                        new ChatEvent.ReasoningCompleted(Reasoning.redacted(AnthropicProvider.REASONING_ORIGIN, block.path("data").stringValue(""))));
                case "tool_use" -> call(calls++, block, events);
                default -> { } // server tools and their results
            }
        }
        UsageCounts usage = new UsageCounts();
        usage.update(message.path("usage"));
        if (usage.known()) {
            events.add(usage.event());
        }
        String raw = message.path("stop_reason").stringValue(null);
        events.add(new ChatEvent.Finished(StopReasons.of(raw), raw, null));
        return events;
    }

    private static void thinking(JsonNode block, List<ChatEvent> events) {
        String text = block.path("thinking").stringValue("");
        if (!text.isEmpty()) {
            events.add(new ChatEvent.ThinkingDelta(text));
        }
        events.add(new ChatEvent.ReasoningCompleted(Reasoning.of(AnthropicProvider.REASONING_ORIGIN, text, block.path("signature").stringValue(null))));
    }

    private static void call(int index, JsonNode block, List<ChatEvent> events) {
        String id = block.path("id").stringValue("");
        String name = block.path("name").stringValue("");
        JsonNode input = block.path("input");
        String json = input.isObject() ? Json.MAPPER.writeValueAsString(input) : "{}";
        events.add(new ChatEvent.ToolCallStarted(index, id, name));
        events.add(new ChatEvent.ToolCallDelta(index, id, json));
        events.add(new ChatEvent.ToolCallCompleted(index, id, name, json));
    }
}
