package dev.rosetta.agent.chat;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;

/** What a turn reports as it goes: for the terminal renderer and for {@code --output-format json}. */
public sealed interface AgentEvent {

    /** Prose of the reply, as it becomes certain. */
    record ProseDelta(String text) implements AgentEvent {}

    /** Reasoning (native, or {@code <think>} in the text), shown dimmed. */
    record ThinkingDelta(String text) implements AgentEvent {}

    /** A call's opening was read; its body follows. */
    record CallStarted(String tool, String dialect) implements AgentEvent {}

    /** A complete call, in the text ({@code raw} as written) or native ({@code raw} null). */
    record CallRead(ToolUse use, String dialect, String raw) implements AgentEvent {}

    /** Something that looked like a call and is not one; the model will be told. */
    record UnparsedRead(Segment.Unparsed unparsed) implements AgentEvent {}

    /** A call is about to run (after confirmation). */
    record ToolStarted(ToolUse use) implements AgentEvent {}

    /** A call's result. */
    record ToolFinished(ToolUse use, ToolResult result) implements AgentEvent {}

    /** A message was added to the conversation (and the log). */
    record MessageAdded(LoggedMessage message) implements AgentEvent {}

    /** Tokens and cost of one request. */
    record UsageReport(String model, Usage usage, Double cost) implements AgentEvent {}

    /** Something the user should know: a retry, a fallback switch, feedback sent to the model. */
    record Notice(String text) implements AgentEvent {}
}
