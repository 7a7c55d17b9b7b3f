package dev.rosetta.llm.model;

import java.util.Objects;

import dev.rosetta.core.RosettaException;

/**
 * A model of a provider, as users write it: {@code openai/gpt-4.1}. The provider is everything
 * before the first '/', so a model id may itself contain '/' ({@code
 * openrouter/anthropic/claude-sonnet-4.5}). Bare ids and aliases ({@code sonnet}) are resolved by
 * {@link ModelRegistry#ref(String)}.
 */
public record ModelRef(String provider, String model) {

    public ModelRef {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        if (provider.isBlank() || model.isBlank()) {
            throw new IllegalArgumentException("provider and model must not be blank");
        }
    }

    /** Splits {@code provider/model} at the first '/'. */
    public static ModelRef parse(String text) {
        String t = text == null ? "" : text.strip();
        int slash = t.indexOf('/');
        if (slash <= 0 || slash == t.length() - 1) {
            throw new RosettaException("'" + t + "' is not a provider/model name; write it like openai/gpt-4.1"
                    + " or anthropic/claude-sonnet-4-5");
        }
        return new ModelRef(t.substring(0, slash), t.substring(slash + 1));
    }

    @Override
    public String toString() {
        return provider + "/" + model;
    }
}
