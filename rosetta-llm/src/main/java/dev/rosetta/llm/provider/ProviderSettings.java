package dev.rosetta.llm.provider;

import java.util.Map;
import java.util.Objects;

/**
 * How to reach one provider.
 *
 * @param name           as users write it (the part before '/' in {@code openai/gpt-4.1})
 * @param api            the protocol
 * @param baseUrl        the default base URL, as the official SDKs take it: OpenAI-compatible requests go
 *                       to {@code baseUrl + "/chat/completions"}, Anthropic ones to {@code baseUrl + "/v1/messages"}
 * @param baseUrlEnv     the environment variable that overrides the base URL
 * @param keyEnv         the environment variable holding the API key
 * @param keyRequired    whether a request without a key makes sense (local servers need none)
 * @param nativeTools    whether the API takes native tool definitions
 * @param responsesApi   whether the provider also serves OpenAI's /responses
 * @param authHeader     the header the key goes in ({@code authorization} gets "Bearer ")
 * @param extraHeaders   sent with every request
 */
public record ProviderSettings(String name, Api api, String baseUrl, String baseUrlEnv, String keyEnv,
        boolean keyRequired, boolean nativeTools, boolean responsesApi, String authHeader,
        Map<String, String> extraHeaders) {

    public ProviderSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(api, "api");
        extraHeaders = extraHeaders == null ? Map.of() : Map.copyOf(extraHeaders);
    }

    /** An OpenAI-compatible provider with a bearer key. */
    static ProviderSettings openAiCompatible(String name, String baseUrl, boolean nativeTools) {
        String prefix = name.toUpperCase(java.util.Locale.ROOT);
        return new ProviderSettings(name, Api.OPENAI_CHAT, baseUrl, prefix + "_BASE_URL", prefix + "_API_KEY",
                true, nativeTools, false, "authorization", Map.of());
    }
}
