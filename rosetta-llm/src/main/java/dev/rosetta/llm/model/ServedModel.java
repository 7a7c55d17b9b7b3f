package dev.rosetta.llm.model;

/**
 * What the server serving a model says about it, for a server the user runs (Ollama's {@code
 * /api/show}, llama.cpp's {@code /props}, an OpenAI-compatible {@code /v1/models}); hosted
 * providers say nothing, as the registry knows their models. Each value is null when the server
 * did not say.
 *
 * @param local         whether the model is served by a server the user runs
 * @param contextLength the context the server runs the model with, or trained it with, in tokens
 * @param nativeTools   whether the server takes native tool definitions for this model
 * @param thinking      whether the model can think (Ollama's {@code thinking} capability)
 * @param family        the architecture family the server names ({@code qwen3}, {@code gptoss}), or null
 */
public record ServedModel(boolean local, Integer contextLength, Boolean nativeTools, Boolean thinking, String family) {

    /** A hosted provider's model: the server is not asked. */
    public static final ServedModel HOSTED = new ServedModel(false, null, null, null, null);

    /** A model of a server the user runs that said nothing about it. */
    public static final ServedModel UNREPORTED = new ServedModel(true, null, null, null, null);
}
