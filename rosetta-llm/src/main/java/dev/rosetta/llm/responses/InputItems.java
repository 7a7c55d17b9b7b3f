package dev.rosetta.llm.responses;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.UnansweredCall;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A conversation as the Responses API takes it, statelessly: the first system message becomes
 * {@code instructions}, everything else an input item, in order.
 *
 * <ul>
 * <li>user text → a user message of {@code input_text};</li>
 * <li>later system messages → {@code developer} messages: {@code instructions} is documented as
 * equivalent to a developer message, and reasoning models treat "system" as developer anyway;</li>
 * <li>assistant text → an assistant message of {@code output_text} (the shape the API itself
 * returns), as the history view gave it (without the spelling of its native calls);</li>
 * <li>each native call (a call with an id) → a {@code function_call} item with its arguments as
 * a JSON string, followed at once by exactly one {@code function_call_output}: duplicate
 * results are merged, a missing one is {@link UnansweredCall#RESULT}, because the API rejects a call
 * without an output. The output has no error flag here; a failed result's text already starts
 * with {@code [ERROR:CODE]};</li>
 * <li>a result whose call is not in the history → a developer message, so it is not lost;</li>
 * <li>kept reasoning (encrypted content in {@link Reasoning#redacted()}) → a {@code reasoning}
 * item before the message, without its id: with {@code store: false} an id refers to
 * nothing on the server and is rejected.</li>
 * </ul>
 */
final class InputItems {

    /** What the conversation becomes: {@code instructions} (or null) and the input items. */
    record Converted(String instructions, ArrayNode input) {}

    private final ToolCatalog catalog;
    private final boolean replayReasoning;

    /**
     * @param tools           the tools offered natively, for the names calls go by on the wire
     * @param replayReasoning whether the model is a reasoning model that takes reasoning items back
     */
    InputItems(List<ToolSpec> tools, boolean replayReasoning) {
        this.catalog = ToolCatalog.of(tools);
        this.replayReasoning = replayReasoning;
    }

    Converted convert(List<Message> messages) {
        ArrayNode input = Json.MAPPER.createArrayNode();
        int prompt = systemPrompt(messages);
        boolean[] used = new boolean[messages.size()];
        for (int i = 0; i < messages.size(); i++) {
            if (i == prompt || used[i]) {
                continue;
            }
            Message m = messages.get(i);
            switch (m.role()) {
                case USER -> input.add(message("user", "input_text", m.content()));
                case SYSTEM -> input.add(message("developer", "input_text", m.isToolResult()
                        ? "Result of tool call " + m.callId() + ":\n" + m.content() : m.content()));
                case ASSISTANT -> assistant(messages, i, used, input);
            }
        }
        return new Converted(prompt < 0 ? null : messages.get(prompt).content(), input);
    }

    /** The index of the first plain system message, or -1. */
    private static int systemPrompt(List<Message> messages) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).role() == Role.SYSTEM && !messages.get(i).isToolResult()) {
                return i;
            }
        }
        return -1;
    }

    private void assistant(List<Message> messages, int at, boolean[] used, ArrayNode input) {
        Message m = messages.get(at);
        List<ToolUse> calls = nativeCalls(m);
        String text = m.content();
        if (text.isBlank() && calls.isEmpty()) {
            return; // an empty turn (say, cancelled before any output) has nothing to send
        }
        if (replayReasoning) {
            m.reasoning().stream().filter(InputItems::isOurs).forEach(r -> input.add(reasoning(r)));
        }
        if (!text.isBlank()) {
            input.add(message("assistant", "output_text", text));
        }
        calls.forEach(c -> input.add(functionCall(c)));
        Map<String, List<Message>> results = results(messages, at, calls, used);
        calls.forEach(c -> input.add(functionCallOutput(c.callId(), results.get(c.callId()))));
    }

    /** The calls with an id, once each (the API rejects two calls with one id). */
    private static List<ToolUse> nativeCalls(Message m) {
        Map<String, ToolUse> byId = new LinkedHashMap<>();
        m.calls().stream().filter(c -> c.callId() != null).forEach(c -> byId.putIfAbsent(c.callId(), c));
        return List.copyOf(byId.values());
    }

    /**
     * The results that answer {@code calls}, from the messages after the call up to the next
     * assistant message; the ones taken are marked used, so they are not sent again.
     */
    private static Map<String, List<Message>> results(List<Message> messages, int at, List<ToolUse> calls,
            boolean[] used) {
        Map<String, List<Message>> byId = new LinkedHashMap<>();
        calls.forEach(c -> byId.put(c.callId(), new ArrayList<>()));
        for (int j = at + 1; j < messages.size() && messages.get(j).role() != Role.ASSISTANT; j++) {
            Message r = messages.get(j);
            if (r.isToolResult() && byId.containsKey(r.callId())) {
                byId.get(r.callId()).add(r);
                used[j] = true;
            }
        }
        return byId;
    }

    /** Reasoning this API produced, with its encrypted content: nothing else can go back here. */
    private static boolean isOurs(Reasoning r) {
        return r.from(ResponsesProvider.REASONING_ORIGIN) && r.redacted() != null;
    }

    private static ObjectNode message(String role, String partType, String text) {
        ObjectNode item = Json.MAPPER.createObjectNode().put("type", "message").put("role", role);
        item.putArray("content").addObject().put("type", partType).put("text", text);
        return item;
    }

    private static ObjectNode reasoning(Reasoning r) {
        ObjectNode item = Json.MAPPER.createObjectNode().put("type", "reasoning");
        ArrayNode summary = item.putArray("summary");
        if (r.text() != null && !r.text().isEmpty()) {
            summary.addObject().put("type", "summary_text").put("text", r.text());
        }
        return item.put("encrypted_content", r.redacted());
    }

    private ObjectNode functionCall(ToolUse call) {
        return Json.MAPPER.createObjectNode().put("type", "function_call").put("call_id", call.callId())
                .put("name", wireName(call)).put("arguments", Json.write(arguments(call)));
    }

    private static ObjectNode functionCallOutput(String callId, List<Message> results) {
        List<String> texts = results.stream().map(Message::content).toList();
        return Json.MAPPER.createObjectNode().put("type", "function_call_output").put("call_id", callId)
                .put("output", texts.isEmpty() ? UnansweredCall.RESULT : String.join("\n\n", texts));
    }

    /** The name the call goes by natively: its tool's first block type, as the tool was offered. */
    private String wireName(ToolUse call) {
        return catalog.resolve(call.tool()).map(ToolSchemas::name).orElse(ToolSpec.nativeName(call.tool()));
    }

    /** Named arguments; a call read from text (positional, body) is bound to its declaration. */
    private Map<String, Object> arguments(ToolUse call) {
        if (call.args().isEmpty() && call.content() == null) {
            return call.kwargs();
        }
        return catalog.resolve(call.tool()).map(spec -> {
            try {
                return spec.bind(call).values();
            } catch (InvalidArgumentsException e) {
                return call.kwargs();
            }
        }).orElse(call.kwargs());
    }
}
