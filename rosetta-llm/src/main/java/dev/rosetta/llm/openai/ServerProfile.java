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
 * @param thinkingSwitch     DeepSeek turns thinking on and off with {@code thinking: {type: …}} on
 *                           any of its models
 */
record ServerProfile(String maxTokensField, boolean replaysReasoning, boolean leadingSystemOnly,
        boolean thinkingSwitch) {

    static ServerProfile of(ProviderSettings settings) {
        String name = settings.name();
        boolean openAi = name.equals("openai") || name.equals("azure");
        boolean thinkingReplay = name.equals("deepseek") || name.equals("moonshot");
        return new ServerProfile(openAi ? "max_completion_tokens" : "max_tokens", thinkingReplay,
                ProviderDirectory.selfHosted(settings), name.equals("deepseek"));
    }
}
