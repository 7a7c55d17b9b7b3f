package dev.rosetta.core.message;

import java.util.List;
import java.util.Objects;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * One message of a conversation. An assistant message keeps its text exactly as the model wrote
 * it, the calls read from it, and any native reasoning, so history can be re-spelled in another
 * dialect — or sent back to the provider that signed it — later. A tool result is a system
 * message carrying the id of the native call it answers, whether it failed and why.
 *
 * @param role      who wrote it
 * @param content   the text as written
 * @param calls     the calls read from an assistant message, in order (empty otherwise)
 * @param callId    for a tool result, the native call it answers; null otherwise
 * @param isError   for a tool result, whether the call failed
 * @param errorCode for a failed tool result, why; null otherwise, and for a failure logged before
 *                  codes were recorded (the failure is known, its code is not)
 * @param reasoning an assistant message's native reasoning blocks, in order (empty otherwise)
 */
public record Message(Role role, String content, List<ToolUse> calls, String callId, boolean isError,
        ErrorCode errorCode, List<Reasoning> reasoning) {

    public Message {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        if (errorCode != null && !isError) {
            throw new IllegalArgumentException("a message with an error code is an error");
        }
        calls = calls == null ? List.of() : List.copyOf(calls);
        reasoning = reasoning == null ? List.of() : List.copyOf(reasoning);
    }

    public static Message system(String content) {
        return new Message(Role.SYSTEM, content, List.of(), null, false, null, List.of());
    }

    public static Message user(String content) {
        return new Message(Role.USER, content, List.of(), null, false, null, List.of());
    }

    public static Message assistant(String content, List<ToolUse> calls) {
        return new Message(Role.ASSISTANT, content, calls, null, false, null, List.of());
    }

    public static Message assistant(String content, List<ToolUse> calls, List<Reasoning> reasoning) {
        return new Message(Role.ASSISTANT, content, calls, null, false, null, reasoning);
    }

    /** The result of a call, answering {@code callId} (null for a call that had none). */
    public static Message toolResult(String callId, ToolResult result) {
        return new Message(Role.SYSTEM, result.output(), List.of(), callId, result.isError(), result.code(),
                List.of());
    }

    /** Whether this is the result of a native call (tied to it by id). */
    public boolean isToolResult() {
        return role == Role.SYSTEM && callId != null;
    }
}
