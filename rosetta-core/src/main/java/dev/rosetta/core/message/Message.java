package dev.rosetta.core.message;

import java.util.List;
import java.util.Objects;

import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * One message of a conversation. An assistant message keeps its text exactly as the model wrote
 * it, the calls read from it, and any native reasoning, so history can be re-spelled in another
 * dialect — or sent back to the provider that signed it — later. A tool result is a system
 * message carrying the id of the native call it answers and whether it failed.
 *
 * @param role      who wrote it
 * @param content   the text as written
 * @param calls     the calls read from an assistant message, in order (empty otherwise)
 * @param callId    for a tool result, the native call it answers; null otherwise
 * @param isError   for a tool result, whether the call failed
 * @param reasoning an assistant message's native reasoning blocks, in order (empty otherwise)
 */
public record Message(Role role, String content, List<ToolUse> calls, String callId, boolean isError,
        List<Reasoning> reasoning) {

    public Message {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        calls = calls == null ? List.of() : List.copyOf(calls);
        reasoning = reasoning == null ? List.of() : List.copyOf(reasoning);
    }

    public static Message system(String content) {
        return new Message(Role.SYSTEM, content, List.of(), null, false, List.of());
    }

    public static Message user(String content) {
        return new Message(Role.USER, content, List.of(), null, false, List.of());
    }

    public static Message assistant(String content, List<ToolUse> calls) {
        return new Message(Role.ASSISTANT, content, calls, null, false, List.of());
    }

    public static Message assistant(String content, List<ToolUse> calls, List<Reasoning> reasoning) {
        return new Message(Role.ASSISTANT, content, calls, null, false, reasoning);
    }

    /** The result of a call, answering {@code callId} (null for a call that had none). */
    public static Message toolResult(String callId, ToolResult result) {
        return new Message(Role.SYSTEM, result.output(), List.of(), callId, result.isError(), List.of());
    }

    /** Whether this is the result of a native call (tied to it by id). */
    public boolean isToolResult() {
        return role == Role.SYSTEM && callId != null;
    }
}
