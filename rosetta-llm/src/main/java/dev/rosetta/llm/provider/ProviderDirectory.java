package dev.rosetta.llm.provider;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;

/**
 * The providers Rosetta knows — built in, plus custom ones from config — and where their base
 * URLs and keys come from ({@code <PROVIDER>_BASE_URL}, {@code <PROVIDER>_API_KEY}, {@code
 * OLLAMA_HOST} for ollama, and for local when {@code LOCAL_BASE_URL} is not set).
 */
public final class ProviderDirectory {

    private final Map<String, ProviderSettings> providers = new LinkedHashMap<>();
    private final Map<String, String> env;

    /**
     * @param custom providers declared in config ({@code [[providers]] name, base_url, api_key_env})
     * @param env    the environment (System.getenv() merged with config [env] tables)
     */
    public ProviderDirectory(List<ProviderSettings> custom, Map<String, String> env) {
        builtIn().forEach(p -> providers.put(p.name(), p));
        custom.forEach(p -> providers.put(p.name(), p));
        this.env = Map.copyOf(env);
    }

    /** A custom OpenAI-compatible provider, as config declares one; it takes native tools. */
    public static ProviderSettings custom(String name, String baseUrl, String apiKeyEnv) {
        return new ProviderSettings(name, Api.OPENAI_CHAT, baseUrl, null, apiKeyEnv, apiKeyEnv != null, true, false,
                "authorization", Map.of());
    }

    static List<ProviderSettings> builtIn() {
        return List.of(
                new ProviderSettings("openai", Api.OPENAI_CHAT, "https://api.openai.com/v1", "OPENAI_BASE_URL",
                        "OPENAI_API_KEY", true, true, true, "authorization", Map.of()),
                new ProviderSettings("azure", Api.OPENAI_CHAT, null, "AZURE_BASE_URL", "AZURE_API_KEY", true, true, true,
                        "api-key", Map.of()),
                new ProviderSettings("anthropic", Api.ANTHROPIC, "https://api.anthropic.com", "ANTHROPIC_BASE_URL",
                        "ANTHROPIC_API_KEY", true, true, false, "x-api-key", Map.of("anthropic-version", "2023-06-01")),
                ProviderSettings.openAiCompatible("openrouter", "https://openrouter.ai/api/v1", true),
                ProviderSettings.openAiCompatible("deepseek", "https://api.deepseek.com/v1", true),
                ProviderSettings.openAiCompatible("moonshot", "https://api.moonshot.ai/v1", true),
                // Z.AI's international endpoint; ZAI_BASE_URL moves it to bigmodel.cn's or to the Coding Plan's.
                ProviderSettings.openAiCompatible("zai", "https://api.z.ai/api/paas/v4", true),
                // MiniMax's international endpoint; MINIMAX_BASE_URL moves it to api.minimaxi.com's (China).
                ProviderSettings.openAiCompatible("minimax", "https://api.minimax.io/v1", true),
                ProviderSettings.openAiCompatible("gemini", "https://generativelanguage.googleapis.com/v1beta/openai", false),
                ProviderSettings.openAiCompatible("xai", "https://api.x.ai/v1", false),
                ProviderSettings.openAiCompatible("groq", "https://api.groq.com/openai/v1", false),
                ProviderSettings.openAiCompatible("nvidia", "https://integrate.api.nvidia.com/v1", false),
                new ProviderSettings("local", Api.OPENAI_CHAT, "http://localhost:11434/v1", "LOCAL_BASE_URL",
                        "LOCAL_API_KEY", false, true, false, "authorization", Map.of()),
                new ProviderSettings(OLLAMA, Api.OLLAMA, OllamaHost.DEFAULT, OLLAMA_HOST, "OLLAMA_API_KEY", false, true,
                        false, "authorization", Map.of()));
    }

    /** Ollama's own API ({@code /api/chat}), at {@code OLLAMA_HOST}. */
    public static final String OLLAMA = "ollama";
    static final String OLLAMA_HOST = "OLLAMA_HOST";
    private static final Set<String> HOSTED = Set.of("openai", "azure", "anthropic", "openrouter", "deepseek",
            "moonshot", "zai", "minimax", "gemini", "xai", "groq", "nvidia");

    /**
     * Whether the provider is a server the user runs (ollama, local, or one declared in config)
     * rather than a hosted service: such a server is asked what it knows of its models (their
     * context length, whether they take tools), which the registry cannot know.
     */
    public static boolean selfHosted(ProviderSettings p) {
        return p.api() == Api.OLLAMA || !HOSTED.contains(p.name());
    }

    public Optional<ProviderSettings> find(String name) {
        return Optional.ofNullable(providers.get(name));
    }

    public ProviderSettings require(String name) throws ProviderException {
        return find(name).orElseThrow(() -> new ProviderException(Kind.CONFIG, "unknown provider '" + name
                + "'; the providers are: " + String.join(", ", providers.keySet())
                + " (declare others in config as [[providers]])"));
    }

    public List<ProviderSettings> all() {
        return List.copyOf(providers.values());
    }

    /** The base URL: the override variable if set, else the default; OLLAMA_HOST also moves local. */
    public URI baseUrl(ProviderSettings p) throws ProviderException {
        String url = p.baseUrlEnv() == null ? null : env.get(p.baseUrlEnv());
        if (p.api() == Api.OLLAMA) {
            return URI.create(OllamaHost.url(url));
        }
        if ((url == null || url.isBlank()) && p.name().equals("local")) {
            url = Optional.ofNullable(env.get("OLLAMA_HOST")).filter(h -> !h.isBlank()).map(ProviderDirectory::ollama)
                    .orElse(null);
        }
        if (url == null || url.isBlank()) {
            url = p.baseUrl();
        }
        if (url == null || url.isBlank()) {
            throw new ProviderException(Kind.CONFIG, "no base URL for provider '" + p.name() + "'; set "
                    + p.baseUrlEnv());
        }
        return URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    }

    /** A variable of the environment providers see (the process environment over the [env] tables). */
    public Optional<String> variable(String name) {
        return Optional.ofNullable(env.get(name)).filter(v -> !v.isBlank());
    }

    /**
     * The key, or empty for a provider that needs none; a missing required key, or one holding a
     * control character, is one line naming the variable (never the value).
     */
    public Optional<ApiKey> key(ProviderSettings p) throws ProviderException {
        String value = p.keyEnv() == null ? null : env.get(p.keyEnv());
        if (value != null && !value.isBlank()) {
            try {
                return Optional.of(ApiKey.of(value.strip(), p.keyEnv()));
            } catch (IllegalArgumentException e) {
                throw new ProviderException(Kind.CONFIG, e.getMessage());
            }
        }
        if (p.keyRequired()) {
            throw new ProviderException(Kind.CONFIG, "no API key for " + p.name() + ": set " + p.keyEnv()
                    + " (in the environment, or in the [env] table of ~/.config/rosetta/config.local.toml)");
        }
        return Optional.empty();
    }

    /** OLLAMA_HOST is "host:port" or a URL (see {@link OllamaHost}); the OpenAI-compatible API is under /v1. */
    private static String ollama(String host) {
        String url = OllamaHost.url(host);
        return url.endsWith("/v1") ? url : url + "/v1";
    }
}
