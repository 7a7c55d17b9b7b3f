package dev.rosetta.llm.fallback;

import java.util.Objects;

import dev.rosetta.llm.Provider;

/** One model of a fallback chain: the provider that serves it and the model id to ask for. */
public record FallbackCandidate(Provider provider, String model) {

    public FallbackCandidate {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
    }

    /** {@code provider/model}, as the user sees it in notices. */
    public String label() {
        return provider.name() + "/" + model;
    }
}
