package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;

/** Turns what the readers report into stream events, joining adjacent prose into one segment. */
final class EventCollector implements Output {

    private final StringBuilder text;
    private final List<StreamEvent> events = new ArrayList<>();
    private int proseStart = -1;
    private int proseEnd;
    private int deltaFrom;

    EventCollector(StringBuilder text) {
        this.text = text;
    }

    @Override
    public void prose(int from, int to) {
        if (from == to) {
            return;
        }
        if (proseStart >= 0 && from != proseEnd) {
            closeProse();
        }
        if (proseStart < 0) {
            proseStart = from;
            deltaFrom = from;
        }
        proseEnd = to;
    }

    @Override
    public void segment(Segment segment) {
        closeProse();
        events.add(new Completed(segment));
    }

    @Override
    public void event(StreamEvent event) {
        flushDelta(false);
        events.add(event);
    }

    /** The events since the last call; at the end of the message, the open prose closes. */
    List<StreamEvent> drain(boolean endOfMessage) {
        if (endOfMessage) {
            closeProse();
        } else {
            flushDelta(false);
        }
        List<StreamEvent> out = List.copyOf(events);
        events.clear();
        return out;
    }

    private void closeProse() {
        if (proseStart < 0) {
            return;
        }
        flushDelta(true);
        events.add(new Completed(new Prose(text.substring(proseStart, proseEnd), proseStart, proseEnd)));
        proseStart = -1;
    }

    /** Emits the prose not yet shown, keeping back half of a surrogate pair until its other half comes. */
    private void flushDelta(boolean all) {
        if (proseStart < 0) {
            return;
        }
        int end = proseEnd;
        if (!all && end > deltaFrom && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        if (end > deltaFrom) {
            events.add(new ProseDelta(text.substring(deltaFrom, end)));
            deltaFrom = end;
        }
    }
}
