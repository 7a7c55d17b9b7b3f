package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;

/** A listener that collects events into a list, for the simple {@code feed(delta)} API. */
final class EventList implements StreamListener {

    private final List<StreamEvent> events = new ArrayList<>();

    @Override
    public void prose(CharSequence message, int start, int end) {
        events.add(new ProseDelta(message.subSequence(start, end).toString()));
    }

    @Override
    public void event(StreamEvent event) {
        events.add(event);
    }

    @Override
    public void completed(Segment segment) {
        events.add(new Completed(segment));
    }

    /** The events since the last call. */
    List<StreamEvent> drain() {
        if (events.isEmpty()) {
            return List.of();
        }
        List<StreamEvent> out = events.size() == 1 ? List.of(events.get(0)) : List.copyOf(events);
        events.clear();
        return out;
    }
}
