package dev.rosetta.core.split;

import dev.rosetta.core.dialect.Dialect;

/**
 * What {@link StreamSplitter#feed} reports. {@link Completed} events carry the final segments
 * (the same, in the same order, as splitting the whole message at once); the others are for
 * live display, and the prose ones among them are exactly {@link Segment.Prose#displayEvents}
 * of the prose segments, however the message was cut.
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

    /**
     * A fenced code block in prose opens at {@code start}: its opening fence line follows as
     * prose, then its code (up to {@link CodeBlockClosing}). See {@link Segment.CodeBlock}.
     */
    record CodeBlockOpened(String info, String fence, int start, int bodyStart) implements StreamEvent {}

    /**
     * The open code block's closing fence [{@code start}, {@code end}) follows as prose, and the
     * block ends with it; {@code start == end} when the message ended with the block open.
     */
    record CodeBlockClosing(int start, int end) implements StreamEvent {}
}
