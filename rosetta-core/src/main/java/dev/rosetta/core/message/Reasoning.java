package dev.rosetta.core.message;

import java.util.Objects;

/**
 * A model's native reasoning that must travel back with its message: Anthropic signs its thinking
 * blocks, OpenAI's Responses API encrypts its reasoning items, DeepSeek wants its reasoning text
 * back on tool-calling turns. Each is only meaningful to the API that produced it, so it records
 * its origin, and an adapter replays only its own.
 *
 * @param origin    the API that produced it, e.g. {@code anthropic}, {@code openai-responses}
 * @param text      the thinking text (or summary), or null when redacted
 * @param signature the provider's signature over it, or null
 * @param redacted  opaque data (a redacted block, encrypted content), or null
 */
public record Reasoning(String origin, String text, String signature, String redacted) {

    public Reasoning {
        Objects.requireNonNull(origin, "origin");
    }

    public static Reasoning of(String origin, String text, String signature) {
        return new Reasoning(origin, text, signature, null);
    }

    public static Reasoning redacted(String origin, String data) {
        return new Reasoning(origin, null, null, data);
    }

    public boolean from(String api) {
        return origin.equals(api);
    }
}
