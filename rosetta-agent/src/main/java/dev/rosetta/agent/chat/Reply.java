package dev.rosetta.agent.chat;

import java.util.List;

import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.split.Segment;
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
}
