package dev.rosetta.llm.anthropic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.stream.Frame;
import dev.rosetta.llm.stream.ReplyDecoder;
import tools.jackson.databind.JsonNode;

/**
 * One reply as its stream events arrive: message_start, then per content block a
 * content_block_start, deltas and a content_block_stop, then message_delta and message_stop,
 * with ping events anywhere. Each event becomes Rosetta's events at once; what must be whole
 * (a thinking block with its signature, a call's JSON) is kept per block until the block stops.
 * Event and block types this code does not know are skipped, as the API asks of clients.
 */
final class StreamedReply implements ReplyDecoder {

    private final String provider;
    private final Map<Integer, OpenBlock> blocks = new HashMap<>();
    private final UsageCounts usage = new UsageCounts();
    private int calls;
    private String stopReason;

    StreamedReply(String provider) {
        this.provider = provider;
    }

    @Override
    public List<ChatEvent> frame(Frame frame) {
        JsonNode event = frame.json();
        if (event == null) {
            return List.of(); // not JSON: nothing the API documents, so nothing to act on
        }
        return on(event.path("type").stringValue(frame.type() == null ? "" : frame.type()), event);
    }

    /** A stream that ends after the stop reason is whole even if message_stop was lost; else cut. */
    @Override
    public List<ChatEvent> ended() {
        return stopReason != null ? ending() : List.of();
    }

    /** The usage so far, to keep with a reply that broke. */
    @Override
    public List<ChatEvent> interrupted() {
        return usage.known() ? List.of(usage.event()) : List.of();
    }

    /** The events for one stream event; an in-stream {@code error} event ends the reply as interrupted. */
    private List<ChatEvent> on(String type, JsonNode event) {
        int index = event.path("index").asInt(-1);
        switch (type) {
            case "message_start" -> usage.update(event.path("message").path("usage"));
            case "content_block_start" -> {
                return started(index, event.path("content_block"));
            }
            case "content_block_delta" -> {
                return delta(index, event.path("delta"));
            }
            case "content_block_stop" -> {
                return stopped(index);
            }
            case "message_delta" -> {
                stopReason = event.path("delta").path("stop_reason").stringValue(stopReason);
                usage.update(event.path("usage"));
            }
            case "message_stop" -> {
                return ending();
            }
            case "error" -> {
                List<ChatEvent> events = new ArrayList<>(interrupted());
                events.add(new ChatEvent.Finished(StopReason.INTERRUPTED, event.path("error").path("type")
                        .stringValue(null), ProviderErrors.reported(provider, event)));
                return events;
            }
            default -> { } // ping, and event types added after this was written
        }
        return List.of();
    }

    /** The usage and Finished events that end a whole reply. */
    private List<ChatEvent> ending() {
        List<ChatEvent> events = new ArrayList<>(interrupted());
        events.add(new ChatEvent.Finished(StopReasons.of(stopReason), stopReason, null));
        return events;
    }

    private List<ChatEvent> started(int index, JsonNode block) {
        String type = Blocks.type(block);
        OpenBlock open = type.equals("tool_use")
                ? new OpenBlock(type, block.path("id").stringValue(""), block.path("name").stringValue(""), calls++)
                : new OpenBlock(type, null, null, -1);
        blocks.put(index, open);
        switch (type) {
            case "text" -> {
                return text(block.path("text").stringValue(""));
            }
            case "thinking" -> {
                open.signature.append(block.path("signature").stringValue(""));
                return thinking(open, block.path("thinking").stringValue(""));
            }
            case "redacted_thinking" -> open.data = block.path("data").stringValue("");
            case "tool_use" -> {
                open.initialInput = block.path("input");
                return List.of(new ChatEvent.ToolCallStarted(open.call, open.id, open.name));
            }
            default -> { } // server tools and their results: the API runs them, not us
        }
        return List.of();
    }

    private List<ChatEvent> delta(int index, JsonNode delta) {
        String type = Blocks.type(delta);
        OpenBlock open = blocks.computeIfAbsent(index, i -> OpenBlock.implied(type));
        return switch (type) {
            case "text_delta" -> open.type.equals("text") ? text(delta.path("text").stringValue("")) : List.of();
            case "thinking_delta" -> thinking(open, delta.path("thinking").stringValue(""));
            case "signature_delta" -> {
                open.signature.append(delta.path("signature").stringValue(""));
                yield List.of();
            }
            case "input_json_delta" -> json(open, delta.path("partial_json").stringValue(""));
            default -> List.of(); // citations_delta and later kinds
        };
    }

    private List<ChatEvent> stopped(int index) {
        OpenBlock open = blocks.remove(index);
        if (open == null) {
            return List.of();
        }
        return switch (open.type) {
            case "thinking" -> List.of(new ChatEvent.ReasoningCompleted(Reasoning.of(AnthropicProvider.REASONING_ORIGIN, open.text.toString(),
                    open.signature.isEmpty() ? null : open.signature.toString())));
            case "redacted_thinking" -> List.of(new ChatEvent.ReasoningCompleted(Reasoning.redacted(AnthropicProvider.REASONING_ORIGIN, open.data)));
            case "tool_use" ->
                List.of(new ChatEvent.ToolCallCompleted(open.call, open.id, open.name, open.arguments()));
            default -> List.of();
        };
    }

    private List<ChatEvent> text(String text) {
        return text.isEmpty() ? List.of() : List.of(new ChatEvent.TextDelta(text));
    }

    private List<ChatEvent> thinking(OpenBlock open, String text) {
        if (text.isEmpty() || !open.type.equals("thinking")) {
            return List.of();
        }
        open.text.append(text);
        return List.of(new ChatEvent.ThinkingDelta(text));
    }

    private List<ChatEvent> json(OpenBlock open, String fragment) {
        if (fragment.isEmpty() || !open.type.equals("tool_use")) {
            return List.of();
        }
        open.text.append(fragment);
        return List.of(new ChatEvent.ToolCallDelta(open.call, open.id, fragment));
    }

    /** A content block between its start and its stop. */
    private static final class OpenBlock {
        final String type;
        final String id;
        final String name;
        final int call;
        /** Thinking text, or a call's JSON so far. */
        final StringBuilder text = new StringBuilder();
        final StringBuilder signature = new StringBuilder();
        String data;
        JsonNode initialInput;

        OpenBlock(String type, String id, String name, int call) {
            this.type = type;
            this.id = id;
            this.name = name;
            this.call = call;
        }

        /** A block whose start never came, typed by its first delta. */
        static OpenBlock implied(String deltaType) {
            String type = switch (deltaType) {
                case "text_delta" -> "text";
                case "thinking_delta", "signature_delta" -> "thinking";
                default -> "unknown";
            };
            return new OpenBlock(type, null, null, -1);
        }

        /** The streamed JSON; a server that put the whole input in the start event is believed too. */
        String arguments() {
            if (!text.toString().isBlank()) {
                return text.toString();
            }
            boolean startHadInput = initialInput != null && initialInput.isObject() && !initialInput.isEmpty();
            return startHadInput ? Json.MAPPER.writeValueAsString(initialInput) : "{}";
        }
    }
}
