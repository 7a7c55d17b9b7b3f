package dev.rosetta.llm.stream;

import java.io.InputStream;

/**
 * How an API cuts a streamed reply into frames: server-sent events (OpenAI, Anthropic) or one
 * JSON object per line (Ollama's native API). Every framing caps what it holds in memory at
 * {@link #MAX_FRAME} bytes a line and a frame, and fails with {@link FrameTooLargeException}
 * past it — a body that never breaks its lines is not a reply, however long it goes on.
 */
public interface Framing {

    /** Generous: the largest event a real reply sends (a long call's arguments) is well under 1 MiB. */
    int MAX_FRAME = 16 << 20;

    /** Server-sent events, as the WHATWG spec frames them. */
    Framing SSE = new Framing() {
        @Override
        public Frames frames(InputStream body, int maxFrame) {
            return new SseFrames(body, maxFrame);
        }

        @Override
        public boolean startsLike(int firstByte) {
            return firstByte != '{' && firstByte != '[';
        }
    };

    /** Newline-delimited JSON: a frame per non-blank line. */
    Framing JSON_LINES = new Framing() {
        @Override
        public Frames frames(InputStream body, int maxFrame) {
            return new JsonLines(body, maxFrame);
        }

        @Override
        public boolean startsLike(int firstByte) {
            return firstByte == '{';
        }
    };

    Frames frames(InputStream body, int maxFrame);

    /**
     * Whether a streamed body whose first non-blank byte is {@code firstByte} is in this framing.
     * When not, and it starts like JSON, it is one JSON body (an error, or a server that ignored
     * {@code stream: true}) and is read as a whole reply.
     */
    boolean startsLike(int firstByte);
}
