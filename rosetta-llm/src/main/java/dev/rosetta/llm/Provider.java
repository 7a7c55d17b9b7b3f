package dev.rosetta.llm;

import java.util.Optional;

/**
 * A model API. Adapters own every message-shape quirk of their API (Anthropic's tool_result
 * blocks, OpenAI's tool role, DeepSeek's ordering): nothing outside them branches on a provider.
 */
public interface Provider {

    /** The provider's name as users write it: openai, anthropic, deepseek, local, … */
    String name();

    /** Whether the API takes native tool definitions. */
    boolean supportsNativeTools();

    /**
     * Sends the request and returns the reply; non-streaming requests come back as a stream of the
     * same events. A failure that will not be retried throws here. One that may be retried (an error
     * status, a refused connection, an error before any output) returns a reply whose next events
     * announce each retry as its wait starts; the stream throws if none succeeds.
     */
    ChatStream chat(ChatRequest request) throws ProviderException;

    /**
     * Why {@code model} cannot be given {@code thinking} here, in one line for the user; empty when
     * it can. A request carrying a level that cannot apply is sent without it (never to come back
     * as a 400), so this is what the user is told, once, when the level is chosen.
     */
    default Optional<String> thinkingProblem(String model, Thinking thinking) {
        return Optional.empty();
    }
}
