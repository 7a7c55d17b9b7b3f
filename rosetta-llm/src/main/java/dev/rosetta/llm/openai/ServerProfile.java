package dev.rosetta.llm.openai;

import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;

/**
 * Where the OpenAI-compatible servers part ways with OpenAI, decided once per provider so the
 * rest of the adapter asks a question instead of a name.
 *
 * @param maxTokensField     OpenAI and Azure take {@code max_completion_tokens} (and reject
 *                           {@code max_tokens} for reasoning models); every compatible server we
 *                           know takes {@code max_tokens}, and older ones only that
 * @param replaysReasoning   DeepSeek and Moonshot (Kimi) thinking modes reject a history whose
 *                           tool-calling assistant turns lack their {@code reasoning_content}
 * @param leadingSystemOnly  local and custom servers render the conversation with the model's own
 *                           chat template, and many templates (Qwen, Mistral, Llama) reject a system
 *                           message that is not first; later system messages go to them as user
 *                           text in {@code <system>} tags, and the leading ones are merged into one
 * @param thinking           how the server is told how hard to think ({@link ReasoningFields})
 */
record ServerProfile(String maxTokensField, boolean replaysReasoning, boolean leadingSystemOnly,
        ThinkingControl thinking) {

    /** The ways a Chat Completions server takes a thinking level. */
    enum ThinkingControl {
        /** {@code reasoning_effort}, for the models known to reason (OpenAI's and most hosted servers'). */
        EFFORT,
        /** DeepSeek: {@code thinking: {type: enabled|disabled}} on any of its models. */
        DEEPSEEK_SWITCH,
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
        boolean thinkingReplay = name.equals("deepseek") || name.equals("moonshot");
        boolean selfHosted = ProviderDirectory.selfHosted(settings);
        ThinkingControl thinking = name.equals("deepseek") ? ThinkingControl.DEEPSEEK_SWITCH
                : name.equals("openrouter") ? ThinkingControl.OPENROUTER
                : selfHosted ? ThinkingControl.CHAT_TEMPLATE : ThinkingControl.EFFORT;
        return new ServerProfile(openAi ? "max_completion_tokens" : "max_tokens", thinkingReplay, selfHosted,
                thinking);
    }
}
