package dev.rosetta.core.message;

import java.util.List;
import java.util.Objects;

import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * One message of a conversation. An assistant message keeps its text exactly as the model wrote
 * it and the calls read from it, so history can be re-spelled in another dialect when the model
 * changes. A tool result is a system message carrying the id of the native call it answers.
 *
 * @param role    who wrote it
 * @param content the text as written
 * @param calls   the calls read from an assistant message, in order (empty otherwise)
 * @param callId  for a tool result, the native call it answers; null otherwise
 */
public record Message(Role role, String content, List<ToolUse> calls, String callId) {

    public Message {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        calls = calls == null ? List.of() : List.copyOf(calls);
    }

    public static Message system(String content) {
        return new Message(Role.SYSTEM, content, List.of(), null);
    }

    public static Message user(String content) {
        return new Message(Role.USER, content, List.of(), null);
    }

    public static Message assistant(String content, List<ToolUse> calls) {
        return new Message(Role.ASSISTANT, content, calls, null);
    }

    /** The result of a call, answering {@code callId} (null for a call that had none). */
    public static Message toolResult(String callId, ToolResult result) {
        return new Message(Role.SYSTEM, result.output(), List.of(), callId);
    }
}
