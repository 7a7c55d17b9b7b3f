package dev.rosetta.llm.fallback;

import java.util.List;
import java.util.Optional;

import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.Thinking;

/**
 * A {@link Provider} made of an ordered list of models, so the agent's loop uses a fallback chain
 * without knowing it. Each request goes to the first model; when that one is exhausted — retries
 * spent on 429, overload, 5xx or the connection, before any output — the next gets the same
 * request under its own model id, and the switch is a notice at the head of the reply. In the
 * {@code tool} format, models whose provider takes no native tools are skipped. Any other failure
 * (a wrong key, a bad request) is thrown at once: another model would not fix it.
 */
public final class FallbackProvider implements Provider {

    private final List<FallbackCandidate> candidates;

    public FallbackProvider(List<FallbackCandidate> candidates) {
        if (candidates == null || candidates.isEmpty()) {
            throw new IllegalArgumentException("a fallback chain needs at least one model");
        }
        this.candidates = List.copyOf(candidates);
    }

    @Override
    public String name() {
        return "fallback";
    }

    /** True when any model of the chain takes native tools (the others are skipped in that format). */
    @Override
    public boolean supportsNativeTools() {
        return candidates.stream().anyMatch(c -> c.provider().supportsNativeTools());
    }

    public List<FallbackCandidate> candidates() {
        return candidates;
    }

    /** As the first model would say: the chain's others are only asked when it fails. */
    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        FallbackCandidate first = candidates.getFirst();
        return first.provider().thinkingProblem(first.model(), thinking);
    }

    /** The reply of the first model that answers; {@code request.model()} is replaced by each candidate's. */
    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        FallbackChain chain = new FallbackChain(candidates, request);
        return new FallbackStream(chain, chain.open());
    }
}
