package dev.rosetta.agent.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.context.CompactionResult;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * The conversation shown again as it was shown live ({@code /replay}, a resumed conversation, an
 * editor loading one): each assistant message as the events streaming it gave, from the segments
 * the log stored for it (never read again with today's tools) — prose with its code blocks, calls,
 * results with the error code the log stored — and the user's messages as {@link
 * SessionEvent.UserShown}. Nothing is sent, run or logged.
 */
public final class HistoryReplay {

    private final Consumer<SessionEvent> output;

    /**
     * Opening a conversation again (--resume): a line saying which one, then its last turn, so the
     * user picks up where it stopped without scrolling back through /replay. Empty for a new one.
     */
    public static List<SessionEvent> resumed(Conversation conversation) {
        List<LoggedMessage> messages = conversation.session().messages();
        List<SessionEvent> events = new ArrayList<>();
        if (messages.isEmpty()) {
            return events;
        }
        int lastTurn = messages.size() - 1;
        while (lastTurn > 0 && messages.get(lastTurn).message().role() != Role.USER) {
            lastTurn--;
        }
        events.add(new SessionEvent.Said("resumed " + conversation.log().id() + " (" + messages.size()
                + " messages; the last turn follows, /replay shows them all)", SessionEvent.Tone.PLAIN));
        new HistoryReplay(events::add).show(messages.subList(lastTurn, messages.size()), lastTurn,
                conversation.log().compactions());
        return events;
    }

    /** Every message of the conversation, with where it was compacted. */
    public static List<SessionEvent> all(Conversation conversation) {
        return of(conversation.session().messages(), 0, conversation.log().compactions());
    }

    /**
     * {@code messages} as events, the first being message {@code first} of the conversation, with a
     * notice where each of {@code compactions} was made.
     */
    public static List<SessionEvent> of(List<LoggedMessage> messages, int first, List<Compaction> compactions) {
        List<SessionEvent> events = new ArrayList<>();
        new HistoryReplay(events::add).show(messages, first, compactions);
        return events;
    }

    HistoryReplay(Consumer<SessionEvent> output) {
        this.output = output;
    }

    /**
     * Shows {@code messages}, the first being message {@code first} of the conversation, and a
     * line where each of {@code compactions} was made: the messages stay whole in the log, and
     * this says from where on the requests sent them shorter.
     */
    void show(List<LoggedMessage> messages, int first, List<Compaction> compactions) {
        // Results answer the calls of the assistant message before them; text calls carry ids
        // too, given when they were read.
        Deque<ToolUse> unanswered = new ArrayDeque<>();
        List<String> made = compactedAt(compactions);
        for (int i = 0; i < messages.size(); i++) {
            for (int c = 0; c < compactions.size(); c++) {
                if (compactions.get(c).at() == first + i) {
                    agent(new AgentEvent.Notice(made.get(c)));
                }
            }
            LoggedMessage logged = messages.get(i);
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
                        agent(new AgentEvent.ToolFinished(call, result(m)));
                    } else {
                        agent(new AgentEvent.Notice(m.content()));
                    }
                }
            }
        }
        for (int c = 0; c < compactions.size(); c++) {
            if (compactions.get(c).at() == first + messages.size()) {
                agent(new AgentEvent.Notice(made.get(c)));
            }
        }
    }

    private void agent(AgentEvent event) {
        output.accept(new SessionEvent.Agent(event));
    }

    /** What each compaction did, as the line that announced it said. */
    private static List<String> compactedAt(List<Compaction> compactions) {
        List<String> lines = new ArrayList<>();
        int summarized = 0;
        for (Compaction c : compactions) {
            lines.add(new CompactionResult(c, summarized, null, false, 0).describe());
            if (c.summary() != null) {
                summarized = c.summary().upTo();
            }
        }
        return lines;
    }

    private void user(String text) {
        output.accept(new SessionEvent.UserShown(text));
    }

    /** The stored segments as the live events they were: native calls (spanless) come last, as they did. */
    private void assistant(LoggedMessage logged) {
        String text = logged.message().content();
        for (StoredSegment s : logged.segments()) {
            switch (s) {
                case StoredSegment.Prose p -> AgentEvent.showing(p.segment(text)).forEach(this::agent);
                case StoredSegment.Thinking t -> agent(new AgentEvent.ThinkingDelta(logged.text(t.text())));
                case StoredSegment.Call c when c.isNative() -> agent(new AgentEvent.CallRead(c.use(), StoredSegment.NATIVE, null));
                case StoredSegment.Call c -> agent(new AgentEvent.CallRead(c.use(), c.dialect().name(),
                        logged.text(c.span())));
                case StoredSegment.Unparsed u -> agent(new AgentEvent.UnparsedRead(u.segment(text)));
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
