package dev.rosetta.llm.openai;

import dev.rosetta.llm.ModelTraits;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
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
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.provider.Api;
import dev.rosetta.llm.provider.ApiProvider;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.stream.ReplyStream;

/**
 * OpenAI's Chat Completions API ({@code POST {base}/chat/completions}), and through the same
 * code every server compatible with it: openai, azure, openrouter, deepseek, moonshot, gemini,
 * xai, groq, nvidia, local and custom providers. What differs between them is in
 * {@link ProviderSettings} (URL, key header, native tools) and {@link ServerProfile}.
 */
public final class ChatCompletionsProvider extends ApiProvider {

    /** The origin of the reasoning this API produces; only such reasoning is sent back to it. */
    public static final String REASONING_ORIGIN = "openai-chat";

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
        super(settings, Api.OPENAI_CHAT);
        this.endpoint = endpoint(base, "/chat/completions");
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
    public ChatStream chat(ChatRequest request) throws ProviderException {
        if (!request.tools().isEmpty() && !settings.nativeTools()) {
            throw new ProviderException(Kind.CONFIG, "Provider '" + name()
                    + "' doesn't support native tool calling; " + ProviderErrors.TEXT_FORMATS);
        }
        List<ChatEvent> notices = new ArrayList<>();
        ModelTraits model = Objects.requireNonNullElse(traits.apply(request.model()), ModelTraits.UNKNOWN);
        String body = new ChatCompletionsBody(profile, model).write(request, text -> notices.add(new Notice(text)));
        try {
            return ReplyStream.open(transport, new HttpTransport.Request(endpoint, headers(key.orElse(null)), body),
                    ChatCompletionsReplies.format(name()), request.stream(), notices);
        } catch (ProviderException e) {
            if (!request.tools().isEmpty() && needsJinja(e)) {
                throw new ProviderException(Kind.CONFIG, e.status(), name() + "/" + request.model() + " takes no"
                        + " native tools here: llama-server reads tool calls only when started with --jinja; restart it"
                        + " with --jinja, or use --tool-format native to have the model write its calls as text",
                        e.providerMessage(), null);
            }
            throw e;
        }
    }

    /** llama.cpp's server started without --jinja refuses tools: 400 "tools param requires --jinja flag". */
    private static boolean needsJinja(ProviderException e) {
        return e.status() == 400 && e.providerMessage() != null && e.providerMessage().contains("requires --jinja");
    }

    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        ModelTraits known = Objects.requireNonNullElse(traits.apply(model), ModelTraits.UNKNOWN);
        return Optional.ofNullable(ReasoningFields.of(profile, known, name() + "/" + model, thinking).problem());
    }
}
