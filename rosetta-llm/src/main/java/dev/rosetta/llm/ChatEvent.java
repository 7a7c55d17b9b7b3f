package dev.rosetta.llm;

import dev.rosetta.core.message.Reasoning;

/** What a reply stream reports, the same for every provider. */
public sealed interface ChatEvent {

    /** Visible text. */
    record TextDelta(String text) implements ChatEvent {}

    /** Native reasoning text (shown dimmed). */
    record ThinkingDelta(String text) implements ChatEvent {}

    /** A reasoning block ended: keep it, signature and all, to send back with the message. */
    record ReasoningCompleted(Reasoning reasoning) implements ChatEvent {}

    /** A native tool call began; {@code index} orders parallel calls. */
    record ToolCallStarted(int index, String id, String name) implements ChatEvent {}

    /** A fragment of a native call's JSON arguments. */
    record ToolCallDelta(int index, String id, String fragment) implements ChatEvent {}

    /** A native call is complete: its whole JSON arguments text. */
    record ToolCallCompleted(int index, String id, String name, String argumentsJson) implements ChatEvent {}

    /**
     * Tokens used so far (providers report at the end, some also at the start). The four counts
     * don't overlap: {@code inputTokens} is the input not read from or written to the cache, so a
     * cost is each count times its own price.
     */
    record Usage(long inputTokens, long outputTokens, long cacheReadTokens, long cacheWriteTokens) implements ChatEvent {}

    /** Something the user should see that is not the reply: a retry, a fallback switch, a warning. */
    record Notice(String text) implements ChatEvent {}

    /**
     * The reply ended. {@code raw} is the provider's own reason; {@code error} explains an
     * {@link StopReason#INTERRUPTED} reply (null otherwise).
     */
    record Finished(StopReason reason, String raw, ProviderException error) implements ChatEvent {}
}
