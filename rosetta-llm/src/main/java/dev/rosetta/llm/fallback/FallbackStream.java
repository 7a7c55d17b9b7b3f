package dev.rosetta.llm.fallback;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;

/**
 * The reply of a fallback chain: the chain's notices first, then the answering model's events.
 * A model may still fail after its stream opened but before any output (an in-stream overload
 * error, say); until output begins, its usage is held back, and such a failure moves on to the
 * next model as if {@code chat} had thrown. Once output began, events pass straight through.
 */
final class FallbackStream implements ChatStream {

    private final FallbackChain chain;
    private final Deque<ChatEvent> ready = new ArrayDeque<>();
    private final List<ChatEvent.Usage> held = new ArrayList<>();
    private volatile ChatStream current;
    private volatile boolean closed;
    private boolean outputBegan;
    private boolean finished;

    FallbackStream(FallbackChain chain, ChatStream first) {
        this.chain = chain;
        this.current = first;
    }

    @Override
    public ChatEvent next() throws ProviderException {
        while (!finished) {
            ChatEvent.Notice notice = chain.pollNotice();
            if (notice != null) {
                return notice;
            }
            if (!ready.isEmpty()) {
                return delivered(ready.poll());
            }
            if (outputBegan) {
                return delivered(current.next());
            }
            readBeforeOutput();
        }
        return null;
    }

    private ChatEvent delivered(ChatEvent event) {
        finished = event == null || event instanceof ChatEvent.Finished;
        return event;
    }

    /** Reads one event of a model that has not answered yet: holds it, passes it on, or moves on. */
    private void readBeforeOutput() throws ProviderException {
        ChatEvent event;
        try {
            event = current.next();
        } catch (ProviderException e) {
            switchAfter(e);
            return;
        }
        switch (event) {
            case ChatEvent.Notice n -> ready.add(n);
            case ChatEvent.Usage u -> held.add(u);
            case ChatEvent.Finished f when exhausted(f) -> switchAfter(f.error());
            case null, default -> {
                // output, a regular end or the end of the stream: this model answered
                outputBegan = true;
                ready.addAll(held);
                held.clear();
                if (event != null) {
                    ready.add(event);
                }
            }
        }
    }

    private static boolean exhausted(ChatEvent.Finished f) {
        return f.reason() == StopReason.INTERRUPTED && f.error() != null && f.error().exhaustsModel();
    }

    private void switchAfter(ProviderException e) throws ProviderException {
        held.clear();
        current.close();
        if (closed) {
            // stopped by the user meanwhile: no reason to wake the next model
            outputBegan = true;
            ready.add(new ChatEvent.Finished(StopReason.CANCELED, "canceled", null));
            return;
        }
        chain.failed(e);
        current = chain.open();
        if (closed) {
            current.close();
        }
    }

    @Override
    public void close() {
        closed = true;
        current.close();
    }
}
