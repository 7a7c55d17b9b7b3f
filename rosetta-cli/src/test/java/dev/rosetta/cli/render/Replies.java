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
 * {@link AgentEvent}s the way the agent's reply reader does, delivered in chunks of a given size.
 */
final class Replies {

    private Replies() {}

    static List<AgentEvent> events(String text, ToolFormat format, int chunk) {
        List<AgentEvent> events = new ArrayList<>();
        StreamSplitter splitter = new StreamSplitter(format, BuiltinTools.catalog());
        StreamListener listener = new StreamListener() {
            @Override
            public void prose(CharSequence message, int start, int end) {
                events.add(new AgentEvent.ProseDelta(message.subSequence(start, end).toString()));
            }

            @Override
            public void event(StreamEvent event) {
                switch (event) {
                    case StreamEvent.ThinkingDelta t -> events.add(new AgentEvent.ThinkingDelta(t.text()));
                    case StreamEvent.CallStarted s ->
                            events.add(new AgentEvent.CallStarted(s.tool(), s.dialect().name()));
                    default -> { }
                }
            }

            @Override
            public void completed(Segment segment) {
                switch (segment) {
                    case Segment.Call c -> events.add(new AgentEvent.CallRead(c.use(), c.dialect().name(), c.raw()));
                    case Segment.Unparsed u -> events.add(new AgentEvent.UnparsedRead(u));
                    default -> { }
                }
            }
        };
        for (int i = 0; i < text.length(); i += chunk) {
            splitter.feed(text.substring(i, Math.min(text.length(), i + chunk)), listener);
        }
        splitter.finish(listener);
        return events;
    }
}
