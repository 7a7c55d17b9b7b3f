package dev.rosetta.llm.openai;

import java.util.ArrayList;
import java.util.List;

/**
 * One entry of the {@code messages} array, after the adapter has paired every native call with
 * exactly one result and put each message where the API wants it.
 */
public sealed interface WireMessage {

    /** System text: the prompt when it comes first, a later instruction otherwise. */
    record SystemText(String text) implements WireMessage {}

    record UserText(String text) implements WireMessage {}

    /**
     * An assistant turn: its text without the transcript spelling of its native calls, the calls,
     * and its native reasoning (for the servers that want it back).
     */
    record AssistantTurn(String text, List<WireCall> calls, String reasoning) implements WireMessage {}

    /** The one result of a native call ({@code role: tool}). */
    record ToolOutput(String callId, String text) implements WireMessage {}

    /** A native call as the API spells it: the arguments are a JSON string. */
    record WireCall(String id, String name, String argumentsJson) {}

    /**
     * The messages as a model's own chat template takes them: many templates (Qwen, Mistral,
     * Llama) reject a system message that is not first, so the leading system messages become one,
     * and a later one goes as user text in {@code <system>} tags.
     */
    static List<WireMessage> forChatTemplates(List<WireMessage> messages) {
        List<WireMessage> out = new ArrayList<>();
        boolean leading = true;
        for (WireMessage m : messages) {
            if (m instanceof SystemText s) {
                if (!leading) {
                    out.add(new UserText("<system>\n" + s.text() + "\n</system>"));
                } else if (!out.isEmpty() && out.getLast() instanceof SystemText first) {
                    out.set(out.size() - 1, new SystemText(first.text() + "\n\n" + s.text()));
                } else {
                    out.add(s);
                }
                continue;
            }
            leading = false;
            out.add(m);
        }
        return out;
    }
}
