package dev.rosetta.llm;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.rosetta.llm.anthropic.AnthropicProvider;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.openai.ChatCompletionsProvider;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.responses.ResponsesProvider;

/**
 * Connects a model to the adapter that speaks its API: Anthropic's Messages, OpenAI's Responses
 * (for models whose registry entry says so, unless config chooses otherwise) or Chat Completions
 * (everything OpenAI-compatible). Keys and base URLs come from the directory; nothing else in
 * Rosetta needs to know which adapter it got.
 */
public final class Providers implements AutoCloseable {

    /** Which OpenAI API to use: as the registry says, or forced by config. */
    public enum OpenAiApi { AUTO, CHAT_COMPLETIONS, RESPONSES }

    private final ProviderDirectory directory;
    private final HttpTransport.Settings transport;
    private final OpenAiApi openAiApi;
    /** One HTTP client per provider, shared by its models: a /model switch keeps the connection. */
    private final Map<String, HttpTransport> transports = new ConcurrentHashMap<>();

    public Providers(ProviderDirectory directory, HttpTransport.Settings transport, OpenAiApi openAiApi) {
        this.directory = directory;
        this.transport = transport;
        this.openAiApi = openAiApi;
    }

    /** The provider for {@code model}; a missing key or base URL fails here, before any request. */
    public Provider forModel(ModelInfo model) throws ProviderException {
        ProviderSettings settings = directory.require(model.provider());
        URI base = directory.baseUrl(settings);
        Optional<ApiKey> key = directory.key(settings);
        HttpTransport http = transports.computeIfAbsent(settings.name(), name -> new HttpTransport(name, transport));
        return switch (settings.api()) {
            case ANTHROPIC -> new AnthropicProvider(settings, base, key.orElse(null), http, traits(settings, model));
            case OPENAI_CHAT -> usesResponses(settings, model)
                    ? new ResponsesProvider(settings, base, key.orElse(null), http, traits(settings, model))
                    : new ChatCompletionsProvider(settings, base, key, http, traits(settings, model));
        };
    }

    /** Where keys and base URLs come from. */
    public ProviderDirectory directory() {
        return directory;
    }

    /** Closes the HTTP clients; providers made here cannot send after this. */
    @Override
    public void close() {
        transports.values().forEach(HttpTransport::close);
    }

    private boolean usesResponses(ProviderSettings settings, ModelInfo model) {
        if (!settings.responsesApi()) {
            return false;
        }
        return switch (openAiApi) {
            case AUTO -> model.responsesApiOrFalse();
            case CHAT_COMPLETIONS -> false;
            case RESPONSES -> true;
        };
    }

    /**
     * The registry's "reasons natively" means an OpenAI reasoning model only on OpenAI's own
     * APIs; elsewhere (DeepSeek, xAI, Gemini) it must not make the adapter drop temperature or
     * send an effort the server may not take.
     */
    static ModelTraits traits(ProviderSettings settings, ModelInfo model) {
        boolean openAiReasoning = settings.responsesApi() && model.reasoningOrFalse();
        return new ModelTraits(model.strictToolsOrFalse(), model.parallelToolCallsOrFalse(), openAiReasoning);
    }
}
