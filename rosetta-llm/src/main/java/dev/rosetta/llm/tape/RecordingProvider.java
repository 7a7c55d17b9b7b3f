package dev.rosetta.llm.tape;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.Thinking;

/**
 * A provider whose every reply is also appended to a tape, as it was received: what a replay of
 * the conversation answers with. The line is written when the reply ends (or fails), so a
 * conversation stopped mid-reply leaves no half reply on the tape.
 */
public final class RecordingProvider implements Provider {

    private final Provider inner;
    private final Path tape;

    public RecordingProvider(Provider inner, Path tape) {
        this.inner = inner;
        this.tape = tape;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public boolean supportsNativeTools() {
        return inner.supportsNativeTools();
    }

    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        return inner.thinkingProblem(model, thinking);
    }

    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        ChatStream stream;
        try {
            stream = inner.chat(request);
        } catch (ProviderException e) {
            append(new TapeLine.Failure(e.getMessage(), e.status()));
            throw e;
        }
        return new Recorded(stream);
    }

    private synchronized void append(TapeLine line) {
        try {
            Files.writeString(tape, TapeLine.write(line) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
        } catch (IOException e) {
            throw new RosettaException("could not record the reply in " + tape + ": " + e.getMessage(), e);
        }
    }

    /** The stream as read, its events gathered into one tape line when it ends. */
    private final class Recorded implements ChatStream {
        private final ChatStream stream;
        private final StringBuilder thinking = new StringBuilder();
        private final StringBuilder text = new StringBuilder();
        private final List<TapeLine.NativeCall> calls = new ArrayList<>();
        private ChatEvent.Usage usage;
        private boolean written;

        Recorded(ChatStream stream) {
            this.stream = stream;
        }

        @Override
        public ChatEvent next() throws ProviderException {
            ChatEvent event;
            try {
                event = stream.next();
            } catch (ProviderException e) {
                if (!written) {
                    written = true;
                    append(new TapeLine.Failure(e.getMessage(), e.status()));
                }
                throw e;
            }
            switch (event) {
                case ChatEvent.TextDelta d -> text.append(d.text());
                case ChatEvent.ThinkingDelta d -> thinking.append(d.text());
                case ChatEvent.ToolCallCompleted c -> calls.add(new TapeLine.NativeCall(c.id(), c.name(), c.argumentsJson()));
                case ChatEvent.Usage u -> usage = u;
                case ChatEvent.Finished f -> finish(f.reason());
                case null -> finish(StopReason.OTHER);
                default -> { }
            }
            return event;
        }

        private void finish(StopReason reason) {
            if (!written) {
                written = true;
                append(new TapeLine.Reply(thinking.toString(), text.toString(), calls, usage, reason));
            }
        }

        @Override
        public void close() {
            stream.close();
        }
    }
}
