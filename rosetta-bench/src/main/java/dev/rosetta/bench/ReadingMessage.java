package dev.rosetta.bench;

import dev.rosetta.core.dialect.ToolFormat;

/** The messages {@link ReadingBenchmark} reads: the markdown kinds, and one heavy with native-dialect calls. */
public enum ReadingMessage {
    PROSE,
    MANY_CALLS,
    HUGE_SAVE,
    /** Prose with a call every few paragraphs, each in one of the nine native dialects in turn. */
    NATIVE_CALLS;

    public SampleMessage generate(int chars, long seed) {
        return switch (this) {
            case PROSE -> MessageKind.PROSE.generate(ToolFormat.MARKDOWN, chars, seed);
            case MANY_CALLS -> MessageKind.MANY_CALLS.generate(ToolFormat.MARKDOWN, chars, seed);
            case HUGE_SAVE -> MessageKind.HUGE_SAVE.generate(ToolFormat.MARKDOWN, chars, seed);
            case NATIVE_CALLS -> Messages.nativeCalls(chars, seed);
        };
    }
}
