package dev.rosetta.llm.openai;

import java.util.Locale;

import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import tools.jackson.databind.JsonNode;

/**
 * Errors a server reports inside a 200 reply, as a data chunk: OpenAI and most servers send
 * {@code {"error": {"message", "type", "code"}}}, OpenRouter adds a numeric {@code code}, vLLM
 * sends {@code {"object": "error", "message": …}}.
 */
final class StreamErrors {

    private StreamErrors() {}

    /** Whether the chunk is an error report rather than a completion chunk. */
    static boolean isError(JsonNode chunk) {
        JsonNode error = chunk.get("error");
        return (error != null && !error.isNull()) || "error".equals(chunk.path("object").asString(""));
    }

    static ProviderException of(String provider, JsonNode chunk) {
        JsonNode error = chunk.has("error") && !chunk.get("error").isNull() ? chunk.get("error") : chunk;
        String message = error.isString() ? error.stringValue() : error.path("message").asString("");
        if (message.isBlank()) {
            message = "an error occurred during streaming";
        }
        Kind kind = kind(error.path("type").asString("") + " " + error.path("code").asString(""));
        return new ProviderException(kind, 0, provider + " reported an error mid-reply: " + message, message, null);
    }

    private static Kind kind(String typeAndCode) {
        String t = typeAndCode.toLowerCase(Locale.ROOT);
        if (t.contains("rate_limit") || t.contains("429")) {
            return Kind.RATE_LIMITED;
        }
        if (t.contains("overloaded") || t.contains("529")) {
            return Kind.OVERLOADED;
        }
        if (t.contains("invalid_request")) {
            return Kind.BAD_REQUEST;
        }
        return Kind.SERVER;
    }
}
