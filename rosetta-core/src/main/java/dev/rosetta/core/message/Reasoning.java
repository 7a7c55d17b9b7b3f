package dev.rosetta.core.message;

/**
 * A model's native reasoning that must travel back with its message (Anthropic's thinking
 * blocks are signed, and a tool-using turn must send them back unchanged).
 *
 * @param text      the thinking text, or null when redacted
 * @param signature the provider's signature over it, or null
 * @param redacted  the opaque data of a redacted block, or null
 */
public record Reasoning(String text, String signature, String redacted) {

    public static Reasoning of(String text, String signature) {
        return new Reasoning(text, signature, null);
    }

    public static Reasoning redacted(String data) {
        return new Reasoning(null, null, data);
    }
}
