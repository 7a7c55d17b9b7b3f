package dev.rosetta.agent.chat;

import java.util.List;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;

/** What a turn reports as it goes: for the terminal renderer and for {@code --output-format json}. */
public sealed interface AgentEvent {

    /** Prose of the reply, as it becomes certain. */
    record ProseDelta(String text) implements AgentEvent {}

    /**
     * A fenced code block of the prose opens: the next prose line is its opening fence, the lines
     * after it are code (in the language {@code info} names) until {@link CodeBlockClosing}.
     */
    record CodeBlockOpened(String info, String fence) implements AgentEvent {}

    /** The open code block closes: the next prose (up to its line end) is its closing fence. */
    record CodeBlockClosing() implements AgentEvent {}

    /** Reasoning (native, or {@code <think>} in the text), shown dimmed. */
    record ThinkingDelta(String text) implements AgentEvent {}

    /** A call's opening was read; its body follows. */
    record CallStarted(String tool, String dialect) implements AgentEvent {}

    /** A complete call, in the text ({@code raw} as written) or native ({@code raw} null). */
    record CallRead(ToolUse use, String dialect, String raw) implements AgentEvent {}

    /** Something that looked like a call and is not one; the model will be told. */
    record UnparsedRead(Segment.Unparsed unparsed) implements AgentEvent {}

    /** A call is on its way to run: its question, if one is asked, comes next ({@link ToolRunning} after consent). */
    record ToolStarted(ToolUse use) implements AgentEvent {}

    /** The call has its consent and runs now (after its question, if one was asked); not for a call refused. */
    record ToolRunning(ToolUse use) implements AgentEvent {}

    /**
     * Output of the running call as it is produced (a tool that streams it: the shell), for a
     * live view; the result carries the whole output anyway. UTF-8 bytes, possibly cut inside a
     * character.
     */
    record ToolOutput(ToolUse use, byte[] bytes) implements AgentEvent {}

    /** A call's result. */
    record ToolFinished(ToolUse use, ToolResult result) implements AgentEvent {}

    /** A message was added to the conversation (and the log). */
    record MessageAdded(LoggedMessage message) implements AgentEvent {}

    /** Tokens and cost of one request. */
    record UsageReport(String model, Usage usage, Double cost) implements AgentEvent {}

    /** Something the user should know: a retry, a fallback switch, feedback sent to the model. */
    record Notice(String text) implements AgentEvent {}

    /**
     * How the splitter's display event is shown: the one place a {@link StreamEvent} becomes an
     * agent event, for a reply as it streams and for a stored message shown again.
     */
    static AgentEvent shown(StreamEvent event) {
        return switch (event) {
            case StreamEvent.ProseDelta p -> new ProseDelta(p.text());
            case StreamEvent.ThinkingDelta t -> new ThinkingDelta(t.text());
            case StreamEvent.CallStarted s -> new CallStarted(s.tool(), s.dialect().name());
            case StreamEvent.CodeBlockOpened o -> new CodeBlockOpened(o.info(), o.fence());
            case StreamEvent.CodeBlockClosing c -> new CodeBlockClosing();
            case StreamEvent.Completed c ->
                    throw new IllegalArgumentException("a completed segment is not a display event");
        };
    }

    /**
     * The events that show a prose segment — its text with its code blocks marked — exactly as
     * streaming it showed it: for {@code /replay} and resuming, from the segment as stored.
     */
    static List<AgentEvent> showing(Segment.Prose prose) {
        return prose.displayEvents().stream().map(AgentEvent::shown).toList();
    }
}
