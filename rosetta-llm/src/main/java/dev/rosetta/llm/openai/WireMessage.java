package dev.rosetta.llm.openai;

import java.util.List;

/**
 * One entry of the {@code messages} array, after the adapter has paired every native call with
 * exactly one result and put each message where the API wants it.
 */
sealed interface WireMessage {

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
}
