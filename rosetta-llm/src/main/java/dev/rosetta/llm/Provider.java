package dev.rosetta.llm;

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
     * Sends the request, retrying failures that happen before the reply starts, and returns the
     * reply. Non-streaming requests come back as a stream of the same events.
     */
    ChatStream chat(ChatRequest request) throws ProviderException;
}
