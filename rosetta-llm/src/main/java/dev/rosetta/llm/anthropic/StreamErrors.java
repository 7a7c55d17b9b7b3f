package dev.rosetta.llm.anthropic;

import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import tools.jackson.databind.JsonNode;

/**
 * An {@code error} event inside a reply that began with HTTP 200, e.g.
 * {@code {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}}: the
 * error types are those of the HTTP errors (overloaded_error would be a 529 without streaming).
 */
final class StreamErrors {

    private StreamErrors() {}

    static ProviderException of(String provider, JsonNode error) {
        String type = error.path("type").stringValue("error");
        String said = error.path("message").stringValue(null);
        Kind kind = kind(type);
        String message = provider + " reported " + type + " during the reply" + (said == null ? "" : ": " + said)
                + (kind == Kind.OVERLOADED || kind == Kind.SERVER ? " (try again later)" : "");
        return new ProviderException(kind, 0, message, said, null);
    }

    static Kind kind(String type) {
        return switch (type) {
            case "overloaded_error" -> Kind.OVERLOADED;
            case "rate_limit_error" -> Kind.RATE_LIMITED;
            case "authentication_error", "permission_error" -> Kind.AUTH;
            case "invalid_request_error", "not_found_error", "request_too_large" -> Kind.BAD_REQUEST;
            default -> Kind.SERVER; // api_error, timeout_error and types added later
        };
    }
}
