package dev.rosetta.core.split;

import java.util.List;

/**
 * Receives what {@link StreamSplitter#feed(CharSequence, StreamListener)} reads, as it becomes
 * certain, without the splitter allocating an event per delta: prose is handed over as a range
 * of the message buffer, to be copied or printed during the call.
 */
public interface StreamListener {

    /**
     * Prose that became certain: {@code message[start, end)}. The buffer keeps growing after the
     * call returns, so read the range now (print it, or copy it).
     */
    void prose(CharSequence message, int start, int end);

    /**
     * A display event other than prose: {@link StreamEvent.ThinkingDelta}, {@link StreamEvent.CallStarted},
     * {@link StreamEvent.CodeBlockOpened}, {@link StreamEvent.CodeBlockClosing}. All prose before it
     * was handed over first.
     */
    void event(StreamEvent event);

    /** A segment that is now final, in message order. */
    void completed(Segment segment);

    /** A listener that only collects the final segments into {@code segments}. */
    static StreamListener collecting(List<Segment> segments) {
        return new StreamListener() {
            @Override
            public void prose(CharSequence message, int start, int end) {}

            @Override
            public void event(StreamEvent event) {}

            @Override
            public void completed(Segment segment) {
                segments.add(segment);
            }
        };
    }
}
