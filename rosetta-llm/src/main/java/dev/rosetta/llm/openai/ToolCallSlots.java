package dev.rosetta.llm.openai;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import tools.jackson.databind.JsonNode;

/**
 * Native calls assembled from {@code delta.tool_calls} fragments. OpenAI sends each call's
 * {@code index}, its {@code id} and {@code function.name} in its first fragment, then argument
 * text; parallel calls have their own index and their fragments may interleave. Servers bend
 * this: Ollama gives every call of a batch index 0 and tells them apart by id, some servers omit
 * the index or the id, a few repeat the name. A call's events carry its position in the reply
 * (0, 1, …), whatever the server's index.
 */
final class ToolCallSlots {

    private static final class Slot {
        final int position;
        String id;
        boolean serverId;
        final StringBuilder name = new StringBuilder();
        final StringBuilder arguments = new StringBuilder();
        boolean started;
        boolean completed;

        Slot(int position) {
            this.position = position;
        }
    }

    private final List<Slot> slots = new ArrayList<>();
    private final Map<Integer, Slot> byIndex = new HashMap<>();

    /** Whether the reply made any call. */
    boolean any() {
        return !slots.isEmpty();
    }

    void fragment(JsonNode call, List<ChatEvent> out) {
        String id = nonEmpty(call.get("id"));
        Slot slot = slot(call.get("index"), id);
        if (slot.completed) {
            return;
        }
        if (slot.id == null && id != null) {
            slot.id = id;
            slot.serverId = true;
        }
        JsonNode function = call.path("function");
        String name = nonEmpty(function.get("name"));
        if (name != null && !slot.started && !name.contentEquals(slot.name)) {
            slot.name.append(name);
        }
        if (!slot.started && !slot.name.isEmpty()) {
            start(slot, out);
        }
        String fragment = arguments(function.get("arguments"));
        if (!fragment.isEmpty()) {
            slot.arguments.append(fragment);
            if (slot.started) {
                out.add(new ToolCallDelta(slot.position, slot.id, fragment));
            }
        }
    }

    /** The reply ended: every open call is complete. */
    void completeAll(List<ChatEvent> out) {
        for (Slot slot : slots) {
            if (slot.completed) {
                continue;
            }
            if (!slot.started) {
                start(slot, out);
            }
            String arguments = slot.arguments.toString();
            out.add(new ToolCallCompleted(slot.position, slot.id, slot.name.toString(),
                    arguments.isBlank() ? "{}" : arguments));
            slot.completed = true;
        }
    }

    private Slot slot(JsonNode indexNode, String id) {
        if (indexNode != null && indexNode.isIntegralNumber()) {
            int index = indexNode.asInt();
            Slot known = byIndex.get(index);
            // A new id at a used index is a new call (Ollama numbers a whole batch 0).
            if (known != null && !(id != null && known.serverId && !id.equals(known.id))) {
                return known;
            }
            Slot fresh = open();
            byIndex.put(index, fresh);
            return fresh;
        }
        if (id != null) {
            return slots.stream().filter(s -> id.equals(s.id)).findFirst().orElseGet(this::open);
        }
        return slots.isEmpty() ? open() : slots.get(slots.size() - 1);
    }

    private Slot open() {
        Slot slot = new Slot(slots.size());
        slots.add(slot);
        return slot;
    }

    /** Announces the call, with the argument text that came before its name. */
    private static void start(Slot slot, List<ChatEvent> out) {
        if (slot.id == null) {
            slot.id = "call_" + UUID.randomUUID().toString().replace("-", "").substring(0, 24);
        }
        out.add(new ToolCallStarted(slot.position, slot.id, slot.name.toString()));
        slot.started = true;
        if (!slot.arguments.isEmpty()) {
            out.add(new ToolCallDelta(slot.position, slot.id, slot.arguments.toString()));
        }
    }

    /** Arguments are a JSON string; a server that sends the object itself gets it written back. */
    private static String arguments(JsonNode node) {
        if (node == null || node.isNull()) {
            return "";
        }
        return node.isString() ? node.stringValue() : node.toString();
    }

    private static String nonEmpty(JsonNode node) {
        return node != null && node.isString() && !node.stringValue().isEmpty() ? node.stringValue() : null;
    }
}
