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
 * calls in it and the native ones beside it, what could not be read, and how it ended.
 *
 * @param text        what the model wrote
 * @param textCalls   calls read from the text, in order
 * @param unparsed    text that looked like calls and was not
 * @param nativeCalls native calls, in order; a call whose arguments were not JSON carries the problem
 * @param reasoning   native reasoning blocks to keep with the message
 * @param usage       tokens, or null
 * @param stop        why it ended
 * @param error       why it broke off, for {@link StopReason#INTERRUPTED}; null otherwise
 */
record Reply(String text, List<Segment.Call> textCalls, List<Segment.Unparsed> unparsed,
        List<NativeCall> nativeCalls, List<Reasoning> reasoning, Usage usage, StopReason stop,
        ProviderException error) {

    /** A native call, and why its arguments could not be read (null when they could). */
    record NativeCall(ToolUse use, String problem) {}

    boolean hasCalls() {
        return !textCalls.isEmpty() || !nativeCalls.isEmpty();
    }
}
