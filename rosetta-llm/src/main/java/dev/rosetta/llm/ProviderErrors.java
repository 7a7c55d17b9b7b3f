package dev.rosetta.llm;

import static java.util.Map.entry;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderException.Kind;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What kind of failure a provider reported, for every API, by one table: the HTTP status, and the
 * error type and code that an error body, a 200 body or a mid-stream error event carries. The
 * three APIs spell errors alike — {@code {"error": {"type", "code", "message"}}}, Anthropic's
 * {@code {"type": "error", "error": {…}}}, the Responses API's {@code error} event with code and
 * message at the top, vLLM's {@code {"object": "error", …}}, OpenRouter's numeric {@code code},
 * MiniMax's {@code base_resp} with {@code status_code} and {@code status_msg} in a 200 body —
 * so one reading serves them all.
 *
 * <p>The order: a type or code that names the failure more closely than a status can decides
 * ({@code insufficient_quota} is QUOTA though it comes as a 429); else the status (a numeric code
 * counts as one); else a type or code that hints at it ({@code invalid_*} is BAD_REQUEST); else,
 * with nothing known ({@code server_error}, {@code api_error}, a type added later), the
 * provider's side failed (SERVER).
 */
public final class ProviderErrors {

    /**
     * What to do when tools cannot go natively: write them as text — in the model's own dialect
     * (hermes, llama3, … for the open models), or in markdown or xml.
     */
    public static final String TEXT_FORMATS = "use --tool-format native (the model's own text format), markdown or xml";

    /** Types and codes that say what failed, whatever the status. */
    private static final Map<String, Kind> DECISIVE = Map.ofEntries(
            entry("overloaded_error", Kind.OVERLOADED),
            entry("rate_limit_error", Kind.RATE_LIMITED),
            entry("rate_limit_exceeded", Kind.RATE_LIMITED),
            entry("insufficient_quota", Kind.QUOTA),
            entry("billing_error", Kind.QUOTA),
            // MiniMax: insufficient balance (1008), sent as a 429 that no wait mends.
            entry("insufficient_balance_error", Kind.QUOTA),
            // Z.AI's business code for an account in arrears, also sent as a 429 (docs.z.ai api-code).
            entry("1113", Kind.QUOTA),
            // MiniMax's base_resp status codes (platform.minimax.io error codes), in a 200 body.
            entry("1008", Kind.QUOTA),
            entry("1004", Kind.AUTH),
            entry("2049", Kind.AUTH),
            entry("1002", Kind.RATE_LIMITED),
            entry("2013", Kind.BAD_REQUEST),
            entry("authentication_error", Kind.AUTH),
            entry("permission_error", Kind.AUTH),
            entry("invalid_api_key", Kind.AUTH),
            entry("context_length_exceeded", Kind.BAD_REQUEST),
            entry("model_not_found", Kind.BAD_REQUEST),
            entry("not_found_error", Kind.BAD_REQUEST),
            entry("request_too_large", Kind.BAD_REQUEST));

    /** Parts of a type or code that hint at the failure, asked in this order when nothing else decided. */
    private static final List<Map.Entry<String, Kind>> HINTS = List.of(
            entry("overloaded", Kind.OVERLOADED),
            entry("rate_limit", Kind.RATE_LIMITED),
            entry("quota", Kind.QUOTA),
            entry("billing", Kind.QUOTA),
            entry("credit", Kind.QUOTA),
            entry("auth", Kind.AUTH),
            entry("permission", Kind.AUTH),
            entry("api_key", Kind.AUTH),
            entry("invalid", Kind.BAD_REQUEST),
            entry("badrequest", Kind.BAD_REQUEST),
            entry("not_found", Kind.BAD_REQUEST),
            entry("too_large", Kind.BAD_REQUEST),
            entry("unsupported", Kind.BAD_REQUEST),
            entry("image", Kind.BAD_REQUEST));

    private static final int MAX_RAW = 500;

    private ProviderErrors() {}

    /**
     * @param status the HTTP status, or 0 for an error inside a reply that began with 200
     * @param type   the error's type, or null
     * @param code   the error's code (text or a number), or null
     */
    public static Kind kind(int status, String type, String code) {
        for (String word : words(type, code)) {
            Kind decided = DECISIVE.get(word);
            if (decided != null) {
                return decided;
            }
        }
        int effective = status > 0 ? status : numericStatus(code);
        if (effective > 0) {
            return byStatus(effective);
        }
        for (Map.Entry<String, Kind> hint : HINTS) {
            for (String word : words(type, code)) {
                if (word.contains(hint.getKey())) {
                    return hint.getValue();
                }
            }
        }
        return Kind.SERVER;
    }

    /** What the user can do about a failure of this kind, or "" when there is nothing to say. */
    public static String advice(Kind kind) {
        return switch (kind) {
            case AUTH -> "check the API key";
            case BAD_REQUEST -> "check the model name and settings";
            case QUOTA -> "check the plan and billing";
            case RATE_LIMITED -> "wait, or check the plan's limits";
            case OVERLOADED, SERVER -> "try again later";
            case CONNECTION -> "check the network and the base URL";
            case STREAM_CUT, CONFIG -> "";
        };
    }

    /** An HTTP error status with its body (JSON or not), as the user reads it. */
    public static ProviderException status(String provider, int status, String body) {
        Fields f = Fields.of(json(body));
        String said = f.message() != null ? f.message() : raw(body);
        Kind kind = kind(status, f.type(), f.code());
        // Advice for a failure that is retried comes once the retries are spent (see ReplyStream).
        String advice = kind.isTransient() ? "" : advice(kind);
        String message = provider + " answered HTTP " + status + (said == null ? "" : ": " + said)
                + (advice.isEmpty() ? "" : " (" + advice + ")");
        return new ProviderException(kind, status, message, said, null);
    }

    /**
     * An error the provider reported inside a reply that began with HTTP 200: an error event or
     * chunk, a failed response, or a 200 body that holds an error instead of a reply.
     *
     * @param error the error object, or the object holding it under {@code error}
     */
    public static ProviderException reported(String provider, JsonNode error) {
        Fields f = Fields.of(error);
        Kind kind = kind(0, f.type(), f.code());
        String label = f.code() != null && numericStatus(f.code()) == 0 ? f.code() : f.type() != null ? f.type()
                : "an error";
        String advice = kind.isTransient() ? "" : advice(kind);
        String message = provider + " reported " + label + (f.message() == null ? "" : ": " + f.message())
                + (advice.isEmpty() ? "" : " (" + advice + ")");
        return new ProviderException(kind, 0, message, f.message(), null);
    }

    private static Kind byStatus(int status) {
        return switch (status) {
            case 401, 403 -> Kind.AUTH;
            case 402 -> Kind.QUOTA;
            case 429 -> Kind.RATE_LIMITED;
            case 529 -> Kind.OVERLOADED;
            case 408, 409 -> Kind.SERVER;
            default -> status >= 500 ? Kind.SERVER : Kind.BAD_REQUEST;
        };
    }

    /** OpenRouter and vLLM put the HTTP status in {@code code}. */
    private static int numericStatus(String code) {
        return code != null && code.matches("[1-5][0-9][0-9]") ? Integer.parseInt(code) : 0;
    }

    private static List<String> words(String type, String code) {
        return Stream.of(code, type).filter(w -> w != null && !w.isBlank())
                .map(w -> w.strip().toLowerCase(Locale.ROOT)).toList();
    }

    private static JsonNode json(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(body);
        } catch (JacksonException notJson) {
            return null;
        }
    }

    /** A body that is not a JSON error, as it came, cut short. */
    private static String raw(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        String text = body.strip();
        return text.length() <= MAX_RAW ? text : text.substring(0, MAX_RAW) + "…";
    }

    /** The parts of an error, wherever its API keeps them. */
    private record Fields(String type, String code, String message) {

        static Fields of(JsonNode node) {
            if (node == null || !node.isObject()) {
                return new Fields(null, null, null);
            }
            JsonNode status = node.get("base_resp");
            if (status != null && status.isObject() && node.get("error") == null) {
                return new Fields(null, text(status.get("status_code")), text(status.get("status_msg")));
            }
            JsonNode error = node.get("error");
            if (error != null && error.isString()) {
                return new Fields(null, null, error.stringValue());
            }
            JsonNode e = error != null && error.isObject() ? error : node;
            String type = text(e.get("type"));
            // {"type": "error"} names the event, not the failure.
            return new Fields("error".equals(type) ? null : type, text(e.get("code")), text(e.get("message")));
        }

        private static String text(JsonNode value) {
            if (value == null) {
                return null;
            }
            if (value.isNumber()) {
                return value.asString();
            }
            return value.isString() && !value.stringValue().isBlank() ? value.stringValue() : null;
        }
    }
}
