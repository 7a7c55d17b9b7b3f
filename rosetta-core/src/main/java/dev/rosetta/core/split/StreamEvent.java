package dev.rosetta.core.split;

import dev.rosetta.core.dialect.Dialect;

/**
 * What {@link StreamSplitter#feed} reports. {@link Completed} events carry the final segments
 * (the same, in the same order, as splitting the whole message at once); the others are for
 * live display.
 */
public sealed interface StreamEvent {

    /** A segment that is now final. */
    record Completed(Segment segment) implements StreamEvent {}

    /** Prose that became certain with this delta (display it now). */
    record ProseDelta(String text) implements StreamEvent {}

    /** Thinking text that became certain with this delta. */
    record ThinkingDelta(String text) implements StreamEvent {}

    /** A call's opening delimiter was read: the call's segment follows when it closes. */
    record CallStarted(String tool, Dialect dialect, int start) implements StreamEvent {}
}
