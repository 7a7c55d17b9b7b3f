package dev.rosetta.llm.openai;

import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;

/**
 * Where the OpenAI-compatible servers part ways with OpenAI, decided once per provider so the
 * rest of the adapter asks a question instead of a name.
 *
 * @param maxTokensField       OpenAI and Azure take {@code max_completion_tokens} (and reject
 *                             {@code max_tokens} for reasoning models), and so does MiniMax, whose
 *                             docs mark {@code max_tokens} deprecated; every other compatible server
 *                             we know takes {@code max_tokens}, and older ones only that
 * @param reasoningReplay      how the reasoning of a tool-calling assistant turn goes back, for the
 *                             servers whose models think between calls and must see that thinking
 *                             again ({@link ReasoningReplay})
 * @param leadingSystemOnly    local and custom servers render the conversation with the model's own
 *                             chat template, and many templates (Qwen, Mistral, Llama) reject a system
 *                             message that is not first; later system messages go to them as user
 *                             text in {@code <system>} tags, and the leading ones are merged into one
 * @param thinking             how the server is told how hard to think ({@link ReasoningFields})
 * @param streamsToolArguments Z.AI sends a call whole in one chunk unless asked for {@code
 *                             tool_stream: true}; asked, its arguments stream like OpenAI's
 * @param splitsReasoning      MiniMax writes its thinking into the content in {@code <think>} tags
 *                             unless asked for {@code reasoning_split: true}; asked, it comes in
 *                             {@code reasoning_details}
 */
record ServerProfile(String maxTokensField, ReasoningReplay reasoningReplay, boolean leadingSystemOnly,
        ThinkingControl thinking, boolean streamsToolArguments, boolean splitsReasoning) {

    /** How a tool-calling turn's reasoning goes back to the server. */
    enum ReasoningReplay {
        /** Not at all: the server neither needs nor takes it. */
        NONE,
        /**
         * {@code reasoning_content}: DeepSeek and Moonshot (Kimi) thinking modes reject a history
         * whose tool-calling turns lack it; Z.AI's GLM asks for it back with the tool results
         * (interleaved thinking).
         */
        REASONING_CONTENT,
        /** {@code reasoning_details}, MiniMax's: its docs ask for the thinking of a calling turn back, whole. */
        REASONING_DETAILS
    }

    /** The ways a Chat Completions server takes a thinking level. */
    enum ThinkingControl {
        /** {@code reasoning_effort}, for the models known to reason (OpenAI's and most hosted servers'). */
        EFFORT,
        /** DeepSeek: {@code thinking: {type: enabled|disabled}} on any of its models. */
        DEEPSEEK_SWITCH,
        /** Z.AI (GLM): {@code thinking: {type: enabled|disabled}}, on or off and no level. */
        ON_OFF_SWITCH,
        /** MiniMax: {@code thinking: {type: adaptive|disabled}}; the model decides how long it thinks. */
        ADAPTIVE_SWITCH,
        /** OpenRouter: one {@code reasoning} object for every model it routes to. */
        OPENROUTER,
        /**
         * A server the user runs (llama.cpp, vLLM, SGLang, LM Studio): the model's chat template
         * turns thinking on or off ({@code chat_template_kwargs.enable_thinking}, Qwen3's and
         * others' switch), with {@code reasoning_effort} beside it for templates that take one.
         */
        CHAT_TEMPLATE
    }

    static ServerProfile of(ProviderSettings settings) {
        String name = settings.name();
        boolean openAi = name.equals("openai") || name.equals("azure");
        boolean selfHosted = ProviderDirectory.selfHosted(settings);
        ReasoningReplay replay = switch (name) {
            case "deepseek", "moonshot", "zai" -> ReasoningReplay.REASONING_CONTENT;
            case "minimax" -> ReasoningReplay.REASONING_DETAILS;
            default -> ReasoningReplay.NONE;
        };
        ThinkingControl thinking = switch (name) {
            case "deepseek" -> ThinkingControl.DEEPSEEK_SWITCH;
            case "zai" -> ThinkingControl.ON_OFF_SWITCH;
            case "minimax" -> ThinkingControl.ADAPTIVE_SWITCH;
            case "openrouter" -> ThinkingControl.OPENROUTER;
            default -> selfHosted ? ThinkingControl.CHAT_TEMPLATE : ThinkingControl.EFFORT;
        };
        String maxTokens = openAi || name.equals("minimax") ? "max_completion_tokens" : "max_tokens";
        return new ServerProfile(maxTokens, replay, selfHosted, thinking, name.equals("zai"), name.equals("minimax"));
    }
}
