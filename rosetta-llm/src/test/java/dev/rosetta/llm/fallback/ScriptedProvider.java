package dev.rosetta.llm.fallback;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;

/**
 * A provider for the chain's logic: each {@code chat} takes the next scripted outcome — a
 * {@link ProviderException} to throw, or the items of a reply (events, or an exception to throw
 * from {@code next()}).
 */
final class ScriptedProvider implements Provider {

    private final String name;
    private final boolean nativeTools;
    private final Deque<Object> outcomes = new ArrayDeque<>();
    final List<ChatRequest> requests = new ArrayList<>();
    final List<Reply> replies = new ArrayList<>();

    ScriptedProvider(String name, boolean nativeTools) {
        this.name = name;
        this.nativeTools = nativeTools;
    }

    ScriptedProvider failsWith(ProviderException e) {
        outcomes.add(e);
        return this;
    }

    ScriptedProvider replies(Object... items) {
        outcomes.add(List.of(items));
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean supportsNativeTools() {
        return nativeTools;
    }

    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        requests.add(request);
        Object outcome = outcomes.poll();
        if (outcome == null) {
            throw new AssertionError(name + " was not expected to be asked");
        }
        if (outcome instanceof ProviderException e) {
            throw e;
        }
        Reply reply = new Reply((List<?>) outcome);
        replies.add(reply);
        return reply;
    }

    /** A scripted reply; closing it ends it with Finished(CANCELED), as a real stream does. */
    static final class Reply implements ChatStream {
        private final Deque<Object> items;
        volatile boolean closed;
        private boolean ended;

        Reply(List<?> items) {
            this.items = new ArrayDeque<>(items);
        }

        @Override
        public ChatEvent next() throws ProviderException {
            if (ended) {
                return null;
            }
            if (closed) {
                ended = true;
                return new ChatEvent.Finished(StopReason.CANCELED, "canceled", null);
            }
            Object item = items.poll();
            if (item instanceof ProviderException e) {
                throw e;
            }
            ended = item == null || item instanceof ChatEvent.Finished;
            return (ChatEvent) item;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
