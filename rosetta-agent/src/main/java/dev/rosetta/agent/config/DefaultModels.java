package dev.rosetta.agent.config;

import java.util.List;

/**
 * The model used when nothing chooses one: that of the first provider, in this order, whose API
 * key is set. Each is a capable tool-calling model of that provider in the bundled registry.
 */
public final class DefaultModels {

    /** A provider and the model it stands for when its key is all the user set. */
    public record Choice(String provider, String model) {}

    public static final List<Choice> ORDER = List.of(
            new Choice("anthropic", "anthropic/claude-sonnet-4-6"),
            new Choice("openai", "openai/gpt-5"),
            new Choice("openrouter", "openrouter/anthropic/claude-sonnet-4.5"),
            new Choice("deepseek", "deepseek/deepseek-chat"),
            new Choice("gemini", "gemini/gemini-2.5-pro"),
            new Choice("xai", "xai/grok-4"),
            new Choice("moonshot", "moonshot/kimi-k2-0905-preview"),
            new Choice("zai", "zai/glm-4.7"),
            new Choice("minimax", "minimax/MiniMax-M2.7"),
            new Choice("groq", "groq/openai/gpt-oss-120b"));

    private DefaultModels() {}
}
