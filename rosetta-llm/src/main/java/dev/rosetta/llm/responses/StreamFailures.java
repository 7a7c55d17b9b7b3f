package dev.rosetta.llm.responses;

import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import tools.jackson.databind.JsonNode;

/**
 * Failures the API reports inside a reply that began with HTTP 200: {@code response.failed}
 * (its {@code response.error}: code and message) and the {@code error} event (code, message
 * and param at the top; some servers nest them under {@code error}).
 */
final class StreamFailures {

    private StreamFailures() {}

    static ProviderException of(String provider, JsonNode error) {
        JsonNode e = error.path("error").isObject() ? error.path("error") : error;
        String said = Fields.text(e, "message");
        String code = Fields.text(e, "code");
        Kind kind = kind(code, Fields.text(e, "type"));
        String message = provider + " stopped the reply with an error" + (said == null ? "" : ": " + said)
                + (code == null ? "" : " (" + code + ")") + advice(kind);
        return new ProviderException(kind, 0, message, said, null);
    }

    private static Kind kind(String code, String type) {
        String c = code == null ? "" : code;
        if (c.equals("rate_limit_exceeded") || c.equals("insufficient_quota")) {
            return Kind.RATE_LIMITED;
        }
        if (c.contains("overloaded")) {
            return Kind.OVERLOADED;
        }
        if (c.startsWith("invalid") || c.contains("image") || c.equals("context_length_exceeded")
                || "invalid_request_error".equals(type)) {
            return Kind.BAD_REQUEST;
        }
        return Kind.SERVER; // server_error and anything new: the provider's side failed
    }

    private static String advice(Kind kind) {
        return switch (kind) {
            case RATE_LIMITED -> " (wait, or check the plan's limits)";
            case BAD_REQUEST -> " (check the request: model, context size, settings)";
            default -> " (try again)";
        };
    }
}
