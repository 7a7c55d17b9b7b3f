package dev.rosetta.llm.responses;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * Turns the Responses API's semantic stream events into {@link ChatEvent}s. Function calls are
 * tracked by item id (argument deltas name it) and by output index; a call is completed by
 * whichever of {@code function_call_arguments.done} and {@code output_item.done} comes first.
 * Event types it does not know are skipped, as the API adds new ones.
 */
final class EventDecoder implements ReplyDecoder {

    private final String provider;
    private final Map<String, PendingCall> callsByItem = new HashMap<>();
    private final Map<Long, PendingCall> callsByOutput = new HashMap<>();
    private final List<PendingCall> started = new ArrayList<>();
    private final Set<String> itemsWithText = new HashSet<>();
    private boolean thinking;
    private boolean refused;

    private static final class PendingCall {
        final int index;
        final String callId;
        final String name;
        final StringBuilder arguments = new StringBuilder();
        boolean completed;

        PendingCall(int index, String callId, String name) {
            this.index = index;
            this.callId = callId;
            this.name = name;
        }
    }

    EventDecoder(String provider) {
        this.provider = provider;
    }

    @Override
    public List<ChatEvent> frame(Frame frame) {
        JsonNode data = frame.json();
        if (data == null) {
            return List.of(); // not an event object (a "[DONE]" from a compatible server, a keep-alive)
        }
        String type = Fields.text(data, "type");
        return decode(type != null ? type : frame.type() == null ? "" : frame.type(), data);
    }

    /** A stream that ends without a terminal event was cut off. */
    @Override
    public List<ChatEvent> ended() {
        return List.of();
    }

    /** The events one stream event yields. */
    List<ChatEvent> decode(String type, JsonNode data) {
        List<ChatEvent> out = new ArrayList<>(2);
        switch (type) {
            case "response.output_item.added" -> itemAdded(data, out);
            case "response.output_text.delta" -> text(data, out);
            case "response.refusal.delta" -> {
                refused = true;
                text(data, out);
            }
            case "response.function_call_arguments.delta" -> argumentsDelta(data, out);
            case "response.function_call_arguments.done" -> argumentsDone(data, out);
            case "response.output_item.done" -> itemDone(data.path("item"), data, out);
            case "response.reasoning_summary_part.added" -> {
                if (thinking) {
                    out.add(new ThinkingDelta("\n\n"));
                }
            }
            case "response.reasoning_summary_text.delta", "response.reasoning_text.delta" -> thinking(data, out);
            case "response.completed" -> end(data.path("response"), "completed", out);
            case "response.incomplete" -> end(data.path("response"), "incomplete", out);
            case "response.failed" -> fail(data.path("response").path("error"), "failed", out);
            case "error" -> fail(data, "error", out);
            default -> { } // created, in_progress, content_part.*, *.done texts, and types added later
        }
        return out;
    }

    private void itemAdded(JsonNode data, List<ChatEvent> out) {
        JsonNode item = data.path("item");
        if ("function_call".equals(Fields.text(item, "type"))) {
            start(item, data, out);
        }
    }

    private PendingCall start(JsonNode item, JsonNode data, List<ChatEvent> out) {
        PendingCall call = new PendingCall(started.size(), OutputItems.callId(item), Fields.textOrEmpty(item, "name"));
        started.add(call);
        String itemId = Fields.text(item, "id");
        if (itemId != null) {
            callsByItem.put(itemId, call);
        }
        if (data.path("output_index").isNumber()) {
            callsByOutput.put(data.path("output_index").asLong(), call);
        }
        out.add(new ToolCallStarted(call.index, call.callId, call.name));
        return call;
    }

    /** The call an event is about: by its item id, else by its output index; null if unknown. */
    private PendingCall find(String itemId, JsonNode data) {
        PendingCall call = callsByItem.get(itemId);
        if (call == null && data.path("output_index").isNumber()) {
            call = callsByOutput.get(data.path("output_index").asLong());
        }
        return call;
    }

    private void text(JsonNode data, List<ChatEvent> out) {
        String delta = Fields.textOrEmpty(data, "delta");
        itemsWithText.add(Fields.textOrEmpty(data, "item_id"));
        if (!delta.isEmpty()) {
            out.add(new TextDelta(delta));
        }
    }

    private void thinking(JsonNode data, List<ChatEvent> out) {
        String delta = Fields.textOrEmpty(data, "delta");
        if (!delta.isEmpty()) {
            thinking = true;
            out.add(new ThinkingDelta(delta));
        }
    }

    private void argumentsDelta(JsonNode data, List<ChatEvent> out) {
        PendingCall call = find(Fields.textOrEmpty(data, "item_id"), data);
        String delta = Fields.textOrEmpty(data, "delta");
        if (call != null && !call.completed && !delta.isEmpty()) {
            call.arguments.append(delta);
            out.add(new ToolCallDelta(call.index, call.callId, delta));
        }
    }

    private void argumentsDone(JsonNode data, List<ChatEvent> out) {
        PendingCall call = find(Fields.textOrEmpty(data, "item_id"), data);
        if (call != null) {
            complete(call, Fields.text(data, "arguments"), out);
        }
    }

    private void itemDone(JsonNode item, JsonNode data, List<ChatEvent> out) {
        switch (Fields.textOrEmpty(item, "type")) {
            case "function_call" -> {
                PendingCall call = find(Fields.textOrEmpty(item, "id"), data);
                complete(call != null ? call : start(item, data, out), OutputItems.arguments(item), out);
            }
            case "reasoning" -> OutputItems.keep(item).ifPresent(r -> out.add(new ReasoningCompleted(r)));
            case "message" -> unstreamedText(item, out);
            default -> { }
        }
    }

    /** A message that arrived whole (some compatible servers send no deltas). */
    private void unstreamedText(JsonNode item, List<ChatEvent> out) {
        if (itemsWithText.contains(Fields.textOrEmpty(item, "id"))) {
            return;
        }
        for (JsonNode part : item.path("content")) {
            String kind = Fields.textOrEmpty(part, "type");
            String text = Fields.textOrEmpty(part, kind.equals("refusal") ? "refusal" : "text");
            refused |= kind.equals("refusal");
            if (!text.isEmpty()) {
                out.add(new TextDelta(text));
            }
        }
    }

    private void complete(PendingCall call, String arguments, List<ChatEvent> out) {
        if (call.completed) {
            return;
        }
        call.completed = true;
        String whole = arguments != null && !arguments.isBlank() ? arguments
                : call.arguments.isEmpty() ? "{}" : call.arguments.toString();
        out.add(new ToolCallCompleted(call.index, call.callId, call.name, whole));
    }

    private void end(JsonNode response, String status, List<ChatEvent> out) {
        started.forEach(c -> complete(c, null, out)); // a call the server never closed ends here
        out.addAll(ResponseEnd.events(response, status, !started.isEmpty(), refused));
    }

    private void fail(JsonNode error, String raw, List<ChatEvent> out) {
        out.add(new Finished(StopReason.INTERRUPTED, raw, ProviderErrors.reported(provider, error)));
    }
}
