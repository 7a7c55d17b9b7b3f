package dev.rosetta.llm.openai;

import dev.rosetta.llm.ModelTraits;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.provider.Api;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.stream.ReplyStream;

/**
 * OpenAI's Chat Completions API ({@code POST {base}/chat/completions}), and through the same
 * code every server compatible with it: openai, azure, openrouter, deepseek, moonshot, gemini,
 * xai, groq, nvidia, local and custom providers. What differs between them is in
 * {@link ProviderSettings} (URL, key header, native tools) and {@link ServerProfile}.
 */
public final class ChatCompletionsProvider implements Provider {

    /** The origin of the reasoning this API produces; only such reasoning is sent back to it. */
    public static final String REASONING_ORIGIN = "openai-chat";

    private final ProviderSettings settings;
    private final URI endpoint;
    private final Optional<ApiKey> key;
    private final HttpTransport transport;
    private final Function<String, ModelTraits> traits;
    private final ServerProfile profile;

    /**
     * @param base      the base URL, from {@code ProviderDirectory.baseUrl}
     * @param key       from {@code ProviderDirectory.key}; empty for servers that need none
     * @param traits    what each model (by id) can do
     */
    public ChatCompletionsProvider(ProviderSettings settings, URI base, Optional<ApiKey> key, HttpTransport transport,
            Function<String, ModelTraits> traits) {
        if (settings.api() != Api.OPENAI_CHAT) {
            throw new IllegalArgumentException(settings.name() + " does not speak Chat Completions");
        }
        this.settings = settings;
        this.endpoint = endpoint(base);
        this.key = Objects.requireNonNull(key, "key");
        this.transport = transport;
        this.traits = traits;
        this.profile = ServerProfile.of(settings);
    }

    /** For one model whose traits are known. */
    public ChatCompletionsProvider(ProviderSettings settings, URI base, Optional<ApiKey> key, HttpTransport transport,
            ModelTraits traits) {
        this(settings, base, key, transport, model -> traits);
    }

    @Override
    public String name() {
        return settings.name();
    }

    @Override
    public boolean supportsNativeTools() {
        return settings.nativeTools();
    }

    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        if (!request.tools().isEmpty() && !settings.nativeTools()) {
            throw new ProviderException(Kind.CONFIG, "Provider '" + name()
                    + "' doesn't support native tool calling; use --tool-format markdown or xml");
        }
        List<ChatEvent> notices = new ArrayList<>();
        ModelTraits model = Objects.requireNonNullElse(traits.apply(request.model()), ModelTraits.UNKNOWN);
        String body = new ChatCompletionsBody(profile, model).write(request, text -> notices.add(new Notice(text)));
        return ReplyStream.open(transport, new HttpTransport.Request(endpoint, headers(), body),
                ChatCompletionsReplies.format(name()), request.stream(), notices);
    }

    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        ModelTraits known = Objects.requireNonNullElse(traits.apply(model), ModelTraits.UNKNOWN);
        return Optional.ofNullable(ReasoningFields.of(profile, known, name() + "/" + model, thinking).problem());
    }

    /** The key goes in {@code authorization: Bearer …}, or as itself in the provider's header (azure's {@code api-key}). */
    private Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>(settings.extraHeaders());
        key.ifPresent(k -> {
            String header = settings.authHeader() == null ? "authorization" : settings.authHeader();
            headers.put(header, header.equalsIgnoreCase("authorization") ? "Bearer " + k.reveal() : k.reveal());
        });
        return headers;
    }

    /** {@code base + "/chat/completions"}, keeping a query such as Azure's {@code ?api-version=…}. */
    static URI endpoint(URI base) {
        String s = base.toString();
        int q = s.indexOf('?');
        String path = q < 0 ? s : s.substring(0, q);
        String query = q < 0 ? "" : s.substring(q);
        return URI.create(path.replaceAll("/+$", "") + "/chat/completions" + query);
    }
}
