package dev.rosetta.llm;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import java.util.List;

import dev.rosetta.llm.anthropic.AnthropicProvider;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.ChatTemplate;
import dev.rosetta.llm.model.DialectOrigin;
import dev.rosetta.llm.model.LocalModel;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ServedModel;
import dev.rosetta.llm.ollama.OllamaModels;
import dev.rosetta.llm.ollama.OllamaProvider;
import dev.rosetta.llm.openai.ChatCompletionsProvider;
import dev.rosetta.llm.openai.CompatibleServer;
import dev.rosetta.llm.provider.Api;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.responses.ResponsesProvider;
import dev.rosetta.llm.tape.RecordingProvider;
import dev.rosetta.llm.tape.ReplayProvider;
import dev.rosetta.llm.tape.ReplyTape;

/**
 * Connects a model to the adapter that speaks its API: Anthropic's Messages, OpenAI's Responses
 * (for models whose registry entry says so, unless config chooses otherwise), Ollama's own, or
 * Chat Completions (everything OpenAI-compatible), and asks the servers the user runs about
 * their models. Keys and base URLs come from the directory; nothing else in
 * Rosetta needs to know which adapter it got.
 */
public final class Providers implements AutoCloseable {

    /** Which OpenAI API to use: as the registry says, or forced by config. */
    public enum OpenAiApi { AUTO, CHAT_COMPLETIONS, RESPONSES }

    /** Where users set how long Ollama keeps a model loaded after a request; sent as {@code keep_alive}. */
    public static final String OLLAMA_KEEP_ALIVE = "OLLAMA_KEEP_ALIVE";

    private final ProviderDirectory directory;
    private final HttpTransport.Settings transport;
    private final OpenAiApi openAiApi;
    private final Integer localContext;
    /** One HTTP client per provider, shared by its models: a /model switch keeps the connection. */
    private final Map<String, HttpTransport> transports = new ConcurrentHashMap<>();
    /** What each Ollama server said of its models, kept for the run. */
    private final Map<String, OllamaModels> ollamaServers = new ConcurrentHashMap<>();
    /** Where replies are recorded or replayed from, or null. */
    private volatile ReplyTape tape;
    /** The one replaying provider of the run: every model of a replayed conversation reads the same tape. */
    private ReplayProvider replay;

    public Providers(ProviderDirectory directory, HttpTransport.Settings transport, OpenAiApi openAiApi) {
        this(directory, transport, openAiApi, null);
    }

    /**
     * @param localContext {@code [models] local_context}: the most context a model of Ollama is
     *                     run with, or null for each model's own
     */
    public Providers(ProviderDirectory directory, HttpTransport.Settings transport, OpenAiApi openAiApi,
            Integer localContext) {
        this.directory = directory;
        this.transport = transport;
        this.openAiApi = openAiApi;
        this.localContext = localContext;
    }

    /**
     * Records every reply of the run on {@code tape}, or answers every request from it ({@link
     * #replaying}, {@link #recorded}); no tape, no change.
     */
    public Providers taped(Optional<ReplyTape> tape) {
        this.tape = tape.orElse(null);
        return this;
    }

    /**
     * The provider that answers from the tape when the run replays one, for every model alike:
     * no key, no server, no request.
     */
    public synchronized Optional<Provider> replaying(ModelInfo model) throws ProviderException {
        if (tape == null || tape.mode() != ReplyTape.Mode.REPLAY) {
            return Optional.empty();
        }
        if (replay == null) {
            ProviderSettings settings = directory.require(model.provider());
            replay = new ReplayProvider(settings.name(), settings.nativeTools(), tape.file());
        }
        return Optional.of(replay);
    }

    /** {@code provider} recording every reply it gives when the run records a tape; else itself. */
    public Provider recorded(Provider provider) {
        ReplyTape t = tape;
        return t != null && t.mode() == ReplyTape.Mode.RECORD ? new RecordingProvider(provider, t.file()) : provider;
    }

    /** The provider for {@code model}; a missing key or base URL fails here, before any request. */
    public Provider forModel(ModelInfo model) throws ProviderException {
        ProviderSettings settings = directory.require(model.provider());
        URI base = directory.baseUrl(settings);
        Optional<ApiKey> key = directory.key(settings);
        HttpTransport http = http(settings);
        return switch (settings.api()) {
            case ANTHROPIC -> new AnthropicProvider(settings, base, key.orElse(null), http, traits(settings, model));
            case OPENAI_CHAT -> usesResponses(settings, model)
                    ? new ResponsesProvider(settings, base, key.orElse(null), http, traits(settings, model))
                    : new ChatCompletionsProvider(settings, base, key, http, traits(settings, model));
            case OLLAMA -> new OllamaProvider(settings, ollama(settings), key, http,
                    new OllamaProvider.ContextLimit(model.contextWindow(), localContext),
                    directory.variable(OLLAMA_KEEP_ALIVE).orElse(null));
        };
    }

    /** A model as the server serving it describes it: its entry completed, and what the server said. */
    public record Described(ModelInfo model, ServedModel served) {}

    /**
     * Asks a server the user runs about {@code model}; a hosted provider's models are as the
     * registry has them. For Ollama the context is the one its requests will ask for ({@code
     * num_ctx}); a server that is not running, or a model it has not pulled, fails here in one line.
     * Another server is asked for the context only when the registry does not record one, and a
     * server that says nothing is no error (the chat will say what is wrong, if anything is).
     */
    public Described describe(ModelInfo model) throws ProviderException {
        ProviderSettings settings = directory.require(model.provider());
        if (tape != null && tape.mode() == ReplyTape.Mode.REPLAY) {
            // A replay asks no server; what it said when recorded is not on the tape.
            return new Described(model, ProviderDirectory.selfHosted(settings) ? ServedModel.UNREPORTED : ServedModel.HOSTED);
        }
        if (!ProviderDirectory.selfHosted(settings)) {
            return new Described(model, ServedModel.HOSTED);
        }
        if (settings.api() == Api.OLLAMA) {
            OllamaModels.Shown shown = ollama(settings).show(model.id());
            Integer numCtx = new OllamaProvider.ContextLimit(model.contextWindow(), localContext).numCtx(shown);
            ModelInfo described = numCtx == null ? model : model.withContextWindow(numCtx, "the context Rosetta runs"
                    + " it with (num_ctx): " + (localContext != null && numCtx.equals(localContext)
                            ? "[models] local_context" : "its own, as /api/show reports"));
            Boolean tools = shown.capabilities() == null ? null : !shown.lacks("tools");
            Boolean thinks = shown.capabilities() == null ? null : !shown.lacks("thinking");
            return new Described(withTemplateDialect(described, ollamaReading(shown)),
                    new ServedModel(true, shown.contextLength(), tools, thinks, shown.family()));
        }
        CompatibleServer server = compatible(settings);
        boolean entryNamesDialect = model.dialectOrigin() != null
                && model.dialectOrigin().source() == DialectOrigin.Source.REGISTRY;
        ModelInfo withDialect = entryNamesDialect ? model
                : withTemplateDialect(model, templateReading(server.chatTemplate(model.id())));
        if (model.contextWindow() != null) {
            return new Described(withDialect, ServedModel.UNREPORTED);
        }
        Integer reported = server.contextLength(model.id());
        if (reported == null) {
            return new Described(withDialect,
                    new ServedModel(true, null, settings.nativeTools() ? null : false, null, null));
        }
        return new Described(withDialect.withContextWindow(reported, "as its server reports"),
                new ServedModel(true, reported, settings.nativeTools() ? null : false, null, null));
    }

    /** The parser Ollama runs for the model, where it runs one; else the model's template. */
    private static Optional<ChatTemplate.Reading> ollamaReading(OllamaModels.Shown shown) {
        return shown.parser() != null ? Optional.of(ChatTemplate.ofOllamaParser(shown.parser()))
                : templateReading(shown.template());
    }

    private static Optional<ChatTemplate.Reading> templateReading(String template) {
        return template == null ? Optional.empty() : Optional.of(ChatTemplate.read(template));
    }

    private static ModelInfo withTemplateDialect(ModelInfo model, Optional<ChatTemplate.Reading> reading) {
        return reading.map(r -> ChatTemplate.apply(model, r)).orElse(model);
    }

    /**
     * The servers the user runs whose models can be listed: ollama; local when {@code
     * LOCAL_BASE_URL} points it somewhere (else it is Ollama's own {@code /v1}, listed as ollama);
     * the providers of config that need no key.
     */
    public List<String> localServers() {
        return directory.all().stream().filter(ProviderDirectory::selfHosted).filter(p -> !p.keyRequired())
                .filter(p -> !p.name().equals("local") || directory.variable(p.baseUrlEnv()).isPresent())
                .map(ProviderSettings::name).toList();
    }

    /** The models a server the user runs has: Ollama's {@code /api/tags}, another's {@code /v1/models}. */
    public List<LocalModel> localModels(String provider) throws ProviderException {
        ProviderSettings settings = directory.require(provider);
        return settings.api() == Api.OLLAMA ? ollama(settings).tags() : compatible(settings).models(provider);
    }

    private HttpTransport http(ProviderSettings settings) {
        return transports.computeIfAbsent(settings.name(), name -> new HttpTransport(name, transport));
    }

    private OllamaModels ollama(ProviderSettings settings) throws ProviderException {
        URI base = directory.baseUrl(settings);
        Map<String, String> headers = bearer(directory.key(settings));
        return ollamaServers.computeIfAbsent(settings.name(), name -> new OllamaModels(base, http(settings), headers));
    }

    private CompatibleServer compatible(ProviderSettings settings) throws ProviderException {
        return new CompatibleServer(directory.baseUrl(settings), http(settings), bearer(directory.key(settings)));
    }

    private static Map<String, String> bearer(Optional<ApiKey> key) {
        return key.map(k -> Map.of("authorization", "Bearer " + k.reveal())).orElse(Map.of());
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
        return new ModelTraits(model.strictToolsOrFalse(), model.parallelToolCallsOrFalse(), openAiReasoning,
                model.supportsReasoning(), model.adaptiveThinkingOrFalse(), model.maxOutputTokens());
    }
}
