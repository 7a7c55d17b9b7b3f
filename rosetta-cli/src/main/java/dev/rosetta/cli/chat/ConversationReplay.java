package dev.rosetta.cli.chat;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * {@code /replay}: the conversation shown again as it was shown live — each assistant message
 * read with the splitter in the format it was written in and rendered through the same output
 * (prose as markdown, calls under a ▶ header, results with their error code), the user's
 * messages after a {@code you>} marker. Nothing is sent, run or logged.
 */
public final class ConversationReplay {

    private static final Pattern ERROR_TAG = Pattern.compile("^\\[ERROR:([^\\]\\s]+)]");

    private final Chat.EventOutput output;
    private final PrintStream out;
    private final ToolCatalog catalog;

    /**
     * Opening a conversation again (--resume) in a terminal: says which one, and shows its last
     * turn, so the user picks up where it stopped without scrolling back through /replay.
     */
    public static void resumed(Chat chat, PrintStream out) {
        List<LoggedMessage> messages = chat.session().messages();
        if (messages.isEmpty()) {
            return;
        }
        int lastTurn = messages.size() - 1;
        while (lastTurn > 0 && messages.get(lastTurn).message().role() != Role.USER) {
            lastTurn--;
        }
        out.println("resumed " + chat.log().id() + " (" + messages.size() + " messages; the last turn follows,"
                + " /replay shows them all)");
        new ConversationReplay(chat.output(), out, chat.session().toolbox().catalog())
                .show(messages.subList(lastTurn, messages.size()));
    }

    ConversationReplay(Chat.EventOutput output, PrintStream out, ToolCatalog catalog) {
        this.output = output;
        this.out = out;
        this.catalog = catalog;
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
                    assistant(logged, output);
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
        out.println("you> " + TerminalText.safe(text));
    }

    private void assistant(LoggedMessage logged, Consumer<AgentEvent> events) {
        Message m = logged.message();
        for (Segment s : StreamSplitter.split(m.content(), logged.format(), catalog)) {
            switch (s) {
                case Segment.Prose p -> events.accept(new AgentEvent.ProseDelta(p.text()));
                case Segment.Thinking t -> events.accept(new AgentEvent.ThinkingDelta(t.text()));
                case Segment.Call c -> events.accept(new AgentEvent.CallRead(c.use(), c.dialect().name(), c.raw()));
                case Segment.Unparsed u -> events.accept(new AgentEvent.UnparsedRead(u));
            }
        }
        for (ToolUse call : m.calls()) {
            if (call.callId() != null && logged.nativeCallIds().contains(call.callId())) {
                events.accept(new AgentEvent.CallRead(call, "tool", ""));
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

    /** The result as the tool gave it; its error code is the tag its text starts with. */
    private static ToolResult result(Message m) {
        if (!m.isError()) {
            return ToolResult.ok(m.content());
        }
        Matcher tag = ERROR_TAG.matcher(m.content());
        return new ToolResult(m.content(), true, tag.find() ? new ErrorCode(tag.group(1)) : new ErrorCode("Error"));
    }
}
