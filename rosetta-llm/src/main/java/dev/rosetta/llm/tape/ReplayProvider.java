package dev.rosetta.llm.tape;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;

/**
 * A provider that asks no one: the n-th request gets the n-th line of a tape, whatever it asks.
 * A stall never answers (until the stream is closed); a failure fails the request as the
 * provider did; a request past the end of the tape fails, saying so.
 */
public final class ReplayProvider implements Provider {

    private final String name;
    private final boolean nativeTools;
    private final String source;
    private final List<TapeLine> lines;
    private int next;

    public ReplayProvider(String name, boolean nativeTools, Path tape) {
        this.name = name;
        this.nativeTools = nativeTools;
        this.source = tape.toString();
        this.lines = read(tape);
    }

    /** The lines of {@code tape}; a torn last line (the recording was stopped while writing it) is a stall. */
    static List<TapeLine> read(Path tape) {
        String text;
        try {
            text = Files.readString(tape, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RosettaException("no recorded replies at " + tape + "; record them with rosetta eval --record");
        } catch (IOException e) {
            throw new RosettaException("could not read the recorded replies " + tape + ": " + e.getMessage(), e);
        }
        List<TapeLine> out = new ArrayList<>();
        String[] rows = text.split("\n", -1);
        for (int i = 0; i < rows.length; i++) {
            String row = rows[i].strip();
            if (row.isEmpty()) {
                continue;
            }
            boolean last = i == rows.length - 1;
            if (last && !text.endsWith("\n") && !row.endsWith("}")) {
                out.add(new TapeLine.Stall());
                continue;
            }
            out.add(TapeLine.read(row, tape.toString(), i + 1));
        }
        return List.copyOf(out);
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
        TapeLine line;
        int number;
        synchronized (this) {
            number = ++next;
            line = number <= lines.size() ? lines.get(number - 1) : null;
        }
        return switch (line) {
            case null -> throw new ProviderException(ProviderException.Kind.BAD_REQUEST, "the recorded replies in "
                    + source + " hold " + lines.size() + " repl" + (lines.size() == 1 ? "y" : "ies") + "; the"
                    + " conversation asked for reply " + number);
            case TapeLine.Failure f -> throw new ProviderException(ProviderException.Kind.SERVER, f.status(),
                    f.message(), f.message(), null);
            case TapeLine.Stall s -> new Stalled();
            case TapeLine.Reply r -> new Replayed(events(r));
        };
    }

    private static Deque<ChatEvent> events(TapeLine.Reply r) {
        Deque<ChatEvent> events = new ArrayDeque<>();
        if (!r.thinking().isEmpty()) {
            events.add(new ChatEvent.ThinkingDelta(r.thinking()));
        }
        if (!r.text().isEmpty()) {
            events.add(new ChatEvent.TextDelta(r.text()));
        }
        int index = 0;
        for (TapeLine.NativeCall c : r.calls()) {
            events.add(new ChatEvent.ToolCallStarted(index, c.id(), c.name()));
            events.add(new ChatEvent.ToolCallCompleted(index, c.id(), c.name(), c.argumentsJson()));
            index++;
        }
        if (r.usage() != null) {
            events.add(r.usage());
        }
        events.add(new ChatEvent.Finished(r.stop(), r.stop().name().toLowerCase(java.util.Locale.ROOT), null));
        return events;
    }

    /** A recorded reply, event by event; closed early, it ends as a closed stream does. */
    private static final class Replayed implements ChatStream {
        private final Deque<ChatEvent> events;
        private boolean closed;
        private boolean ended;

        Replayed(Deque<ChatEvent> events) {
            this.events = events;
        }

        @Override
        public synchronized ChatEvent next() {
            if (ended) {
                return null;
            }
            if (closed) {
                ended = true;
                return new ChatEvent.Finished(StopReason.CANCELED, "canceled", null);
            }
            ChatEvent event = events.poll();
            if (event == null || event instanceof ChatEvent.Finished) {
                ended = true;
            }
            return event;
        }

        @Override
        public synchronized void close() {
            closed = true;
        }
    }

    /** A request the model never answered: waits until the stream is closed. */
    private static final class Stalled implements ChatStream {
        private final CountDownLatch closed = new CountDownLatch(1);
        private boolean ended;

        @Override
        public ChatEvent next() {
            if (ended) {
                return null;
            }
            try {
                closed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended = true;
            return new ChatEvent.Finished(StopReason.CANCELED, "canceled", null);
        }

        @Override
        public void close() {
            closed.countDown();
        }
    }
}
