package dev.rosetta.agent.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.ProviderException;

/**
 * One reply, read: its text (cut after the first call when generation was stopped there), the
 * segments the splitter read it into (calls with the ids their results will carry), the native
 * calls beside it, and how it ended.
 *
 * @param text        what the model wrote
 * @param segments    the text's segments, in order
 * @param nativeCalls native calls, in order; a call whose arguments were not JSON carries the problem
 * @param reasoning   native reasoning blocks to keep with the message
 * @param usage       tokens, or null
 * @param stop        why it ended
 * @param error       why it broke off, for {@link StopReason#INTERRUPTED}; null otherwise
 * @param cap         the limit it was stopped at, or null when it ended by itself
 * @param capAt       where in the text it was stopped by {@code cap}; -1 without one
 */
record Reply(String text, List<Segment> segments, List<NativeCall> nativeCalls, List<Reasoning> reasoning,
        Usage usage, StopReason stop, ProviderException error, ReplyLimits.Cap cap, int capAt) {

    /** A reply that was not stopped at a limit. */
    Reply(String text, List<Segment> segments, List<NativeCall> nativeCalls, List<Reasoning> reasoning, Usage usage,
            StopReason stop, ProviderException error) {
        this(text, segments, nativeCalls, reasoning, usage, stop, error, null, -1);
    }

    /** A native call, and why its arguments could not be read (null when they could). */
    record NativeCall(ToolUse use, String problem) {}

    /** The calls read from the text, in order. */
    List<Segment.Call> textCalls() {
        return segments.stream().filter(Segment.Call.class::isInstance).map(Segment.Call.class::cast).toList();
    }

    /** What looked like calls and was not. */
    List<Segment.Unparsed> unparsed() {
        return segments.stream().filter(Segment.Unparsed.class::isInstance).map(Segment.Unparsed.class::cast).toList();
    }

    /**
     * A message the user wrote for the assistant ({@code /impersonate}), read in the conversation's
     * format as a reply would be: each call gets an id of its own, and is shown as read.
     */
    static Reply written(String text, ChatSession session, Consumer<AgentEvent> events) {
        List<Segment> segments = new ArrayList<>();
        Set<String> taken = CallIds.used(session.messages());
        for (Segment s : StreamSplitter.split(text, session.readers())) {
            switch (s) {
                case Segment.Call read -> {
                    Segment.Call c = new Segment.Call(read.use().withCallId(CallIds.fresh(taken)), read.dialect(),
                            read.raw(), read.start(), read.end());
                    segments.add(c);
                    events.accept(new AgentEvent.CallRead(c.use(), c.dialect().name(), c.raw()));
                }
                case Segment.Unparsed u -> {
                    segments.add(u);
                    events.accept(new AgentEvent.UnparsedRead(u));
                }
                default -> segments.add(s);
            }
        }
        return new Reply(text, segments, List.of(), List.of(), null, StopReason.END_TURN, null);
    }

    /**
     * What the model is told, in one message, of why this reply was stopped early and which of its
     * calls could not be read, and how to spell them (the user is told too); null when there is
     * neither. What came after the point a reply was stopped at is not listed: the stop says it.
     *
     * @param told the parts of {@link #unparsed()} the model is to be told about
     */
    String feedback(ReplyLimits limits, Consumer<AgentEvent> events, List<Segment.Unparsed> told) {
        List<Segment.Unparsed> unread = told.stream().filter(u -> cap == null || u.start() < capAt).toList();
        if (cap == null && unread.isEmpty()) {
            return null;
        }
        StringBuilder text = new StringBuilder(cap == null ? "" : limits.feedback(cap));
        if (!unread.isEmpty()) {
            text.append(text.isEmpty() ? "" : "\n\n").append("Nothing ran from these parts of your last message:");
            for (Segment.Unparsed u : unread) {
                text.append("\n- ").append(u.problem());
            }
            text.append("\nWrite the calls again as the tools section shows.");
            events.accept(new AgentEvent.Notice("told the model: " + unread.get(0).problem()
                    + (unread.size() > 1 ? " (and " + (unread.size() - 1) + " more)" : "")));
        }
        return text.toString();
    }
}
