package dev.rosetta.llm.http;

import java.util.Map;

import dev.rosetta.core.json.Json;

/**
 * The provider's own message from an error body. OpenAI, Anthropic and the compatible servers
 * all put it at {@code error.message} ({@code {"error": {"message": …}}} or
 * {@code {"type": "error", "error": {"type": …, "message": …}}}); some put a string at
 * {@code error} or {@code message}. Anything else is shown as it came, cut short.
 */
public final class ErrorBodies {

    private static final int MAX = 500;

    private ErrorBodies() {}

    public static String message(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            Map<String, Object> json = Json.readObject(body);
            Object error = json.get("error");
            if (error instanceof Map<?, ?> e && e.get("message") instanceof String m) {
                return m;
            }
            if (error instanceof String s) {
                return s;
            }
            if (json.get("message") instanceof String m) {
                return m;
            }
        } catch (RuntimeException notJson) {
            // fall through to the raw text
        }
        String text = body.strip();
        return text.length() <= MAX ? text : text.substring(0, MAX) + "…";
    }

    /** The provider's error type ({@code error.type}), e.g. overloaded_error, or null. */
    public static String type(String body) {
        try {
            Object error = Json.readObject(body).get("error");
            return error instanceof Map<?, ?> e && e.get("type") instanceof String t ? t : null;
        } catch (RuntimeException notJson) {
            return null;
        }
    }
}
