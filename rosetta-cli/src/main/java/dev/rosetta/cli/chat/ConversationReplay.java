package dev.rosetta.cli.chat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * {@code /replay}: the conversation shown again as it was shown live — each assistant message
 * from the segments the log stored for it (never read again with today's tools) and rendered
 * through the same output (prose as markdown, calls under a ▶ header, results with the error
 * code the log stored), the user's messages after a {@code you>} marker. Nothing is sent, run or
 * logged.
 */
public final class ConversationReplay {

    private final Chat.EventOutput output;
    private final TerminalChannel out;

    /**
     * Opening a conversation again (--resume) in a terminal: says which one, and shows its last
     * turn, so the user picks up where it stopped without scrolling back through /replay.
     */
    public static void resumed(Chat chat, TerminalChannel out) {
        List<LoggedMessage> messages = chat.session().messages();
        if (messages.isEmpty()) {
            return;
        }
        int lastTurn = messages.size() - 1;
        while (lastTurn > 0 && messages.get(lastTurn).message().role() != Role.USER) {
            lastTurn--;
        }
        out.line("resumed " + chat.log().id() + " (" + messages.size() + " messages; the last turn follows,"
                + " /replay shows them all)");
        new ConversationReplay(chat.output(), out).show(messages.subList(lastTurn, messages.size()));
    }

    ConversationReplay(Chat.EventOutput output, TerminalChannel out) {
        this.output = output;
        this.out = out;
    }

    void show(List<LoggedMessage> messages) {
        // Results answer the calls of the assistant message before them; text calls carry ids
        // too, given when they were read.
        Deque<ToolUse> unanswered = new ArrayDeque<>();
        for (LoggedMessage logged : messages) {
            Message m = logged.message();
            switch (m.role()) {
                case USER -> user(m.content());
                case ASSISTANT -> {
                    unanswered.clear();
                    unanswered.addAll(m.calls());
                    assistant(logged);
                }
                case SYSTEM -> {
                    ToolUse call = answered(m, unanswered);
                    if (call != null) {
                        output.accept(new AgentEvent.ToolFinished(call, result(m)));
                    } else {
                        output.accept(new AgentEvent.Notice(m.content()));
                    }
                }
            }
        }
        output.endTurn();
    }

    private void user(String text) {
        output.endTurn();
        out.line("you> " + text);
    }

    /** The stored segments as the live events they were: native calls (spanless) come last, as they did. */
    private void assistant(LoggedMessage logged) {
        String text = logged.message().content();
        for (StoredSegment s : logged.segments()) {
            switch (s) {
                case StoredSegment.Prose p -> AgentEvent.showing(p.segment(text)).forEach(output);
                case StoredSegment.Thinking t -> output.accept(new AgentEvent.ThinkingDelta(logged.text(t.text())));
                case StoredSegment.Call c when c.isNative() -> output.accept(new AgentEvent.CallRead(c.use(), "tool", null));
                case StoredSegment.Call c -> output.accept(
                        new AgentEvent.CallRead(c.use(), c.dialect().name(), logged.text(c.span())));
                case StoredSegment.Unparsed u -> output.accept(new AgentEvent.UnparsedRead(u.segment(text)));
            }
        }
    }

    /** The call a result answers, by id; null for a note (feedback about unreadable calls). */
    private static ToolUse answered(Message result, Deque<ToolUse> unanswered) {
        if (result.callId() == null) {
            return null;
        }
        for (ToolUse call : unanswered) {
            if (result.callId().equals(call.callId())) {
                unanswered.remove(call);
                return call;
            }
        }
        return null;
    }

    /** The result as the tool gave it, with the code the log stored (none for a log older than codes). */
    private static ToolResult result(Message m) {
        return new ToolResult(m.content(), m.isError(), m.errorCode());
    }
}
