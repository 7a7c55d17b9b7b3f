package dev.rosetta.cli.e2e;

import java.util.List;
import java.util.Map;

/** What the fake provider answers to one request. */
sealed interface ScriptedReply {

    /** A whole streamed reply: the text in the pieces given, then native calls, then the usage. */
    record Streamed(List<String> text, List<ModelCall> calls) implements ScriptedReply {

        String fullText() {
            return String.join("", text);
        }
    }

    /** An HTTP error: {@code 429} with {@code retry-after}, a 401, … with the API's own error body. */
    record Status(int code, Map<String, String> headers, String message) implements ScriptedReply {}

    /** The stream begins, carries {@code text}, then the connection is dropped without the stream's end. */
    record Cut(String text) implements ScriptedReply {}

    static Streamed text(String... pieces) {
        return new Streamed(List.of(pieces), List.of());
    }

    static Status rateLimited(String retryAfterSeconds) {
        return new Status(429, Map.of("retry-after", retryAfterSeconds), "Rate limit reached; try again later.");
    }
}
