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

    /** The stream begins, carries {@code text} (maybe none), then the API's own error event. */
    record StreamError(String text, String code, String message) implements ScriptedReply {}

    /**
     * A body that is no reply stream, as it is: with 200 a login page, a JSON error, bytes without
     * a line break; with an error status a proxy's HTML page.
     */
    record Raw(int status, String contentType, String body) implements ScriptedReply {

        Raw(String contentType, String body) {
            this(200, contentType, body);
        }
    }

    /** The request is read and never answered. */
    record Silent() implements ScriptedReply {}

    /** The stream begins and carries {@code text} again and again, never ending, until the client closes it. */
    record Endless(String text) implements ScriptedReply {}

    /** A whole reply, sent a few bytes at a time: slower than a reply may take, never quiet for long. */
    record Trickle(String text) implements ScriptedReply {}

    static Streamed text(String... pieces) {
        return new Streamed(List.of(pieces), List.of());
    }

    static Status rateLimited(String retryAfterSeconds) {
        return new Status(429, Map.of("retry-after", retryAfterSeconds), "Rate limit reached; try again later.");
    }
}
