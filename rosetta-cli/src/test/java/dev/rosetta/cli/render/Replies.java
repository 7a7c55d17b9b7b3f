package dev.rosetta.cli.render;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamListener;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/**
 * Test support: the events a reply's text produces, read by the real splitter and turned into
 * {@link AgentEvent}s the way the agent's reply reader does — as it streams in chunks, or from
 * the segments of the whole message, the way a stored message is shown again.
 */
final class Replies {

    private Replies() {}

    /** The events of the text streamed in chunks of {@code chunk} characters. */
    static List<AgentEvent> events(String text, ToolFormat format, int chunk) {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < text.length(); i += chunk) {
            chunks.add(text.substring(i, Math.min(text.length(), i + chunk)));
        }
        return events(chunks, format);
    }

    /** The events of the text streamed in these chunks. */
    static List<AgentEvent> events(List<String> chunks, ToolFormat format) {
        List<AgentEvent> events = new ArrayList<>();
        StreamSplitter splitter = new StreamSplitter(format, BuiltinTools.catalog());
        StreamListener listener = new StreamListener() {
            @Override
            public void prose(CharSequence message, int start, int end) {
                events.add(new AgentEvent.ProseDelta(message.subSequence(start, end).toString()));
            }

            @Override
            public void event(StreamEvent event) {
                events.add(AgentEvent.shown(event));
            }

            @Override
            public void completed(Segment segment) {
                read(segment, events);
            }
        };
        chunks.forEach(c -> splitter.feed(c, listener));
        splitter.finish(listener);
        return events;
    }

    /** The events that show the message again from its segments (what /replay does with a stored message). */
    static List<AgentEvent> stored(String text, ToolFormat format) {
        List<AgentEvent> events = new ArrayList<>();
        for (Segment s : StreamSplitter.split(text, format, BuiltinTools.catalog())) {
            switch (s) {
                case Segment.Prose p -> events.addAll(AgentEvent.showing(p));
                case Segment.Thinking t -> events.add(new AgentEvent.ThinkingDelta(t.text()));
                default -> read(s, events);
            }
        }
        return events;
    }

    private static void read(Segment segment, List<AgentEvent> events) {
        switch (segment) {
            case Segment.Call c -> events.add(new AgentEvent.CallRead(c.use(), c.dialect().name(), c.raw()));
            case Segment.Unparsed u -> events.add(new AgentEvent.UnparsedRead(u));
            default -> { }
        }
    }
}
