package dev.rosetta.llm.responses;

import java.util.ArrayDeque;
import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.StopReason;

/** A reply that arrived whole (a non-streaming request), handed out as the same events. */
final class ReadyStream implements ChatStream {

    private final ArrayDeque<ChatEvent> events;
    private volatile boolean canceled;
    private boolean ended;

    ReadyStream(List<? extends ChatEvent> events) {
        this.events = new ArrayDeque<>(events);
    }

    @Override
    public ChatEvent next() {
        if (ended) {
            return null;
        }
        ChatEvent event = canceled ? new Finished(StopReason.CANCELED, null, null) : events.poll();
        ended = event == null || event instanceof Finished;
        return event;
    }

    @Override
    public void close() {
        canceled = true;
    }
}
