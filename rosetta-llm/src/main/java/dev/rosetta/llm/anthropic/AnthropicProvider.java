package dev.rosetta.llm.anthropic;

import java.net.URI;
import java.util.List;
import java.util.Optional;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.provider.Api;
import dev.rosetta.llm.provider.ApiProvider;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.stream.Framing;
import dev.rosetta.llm.stream.ReplyStream;
import dev.rosetta.llm.stream.WireFormat;

/**
 * Anthropic's Messages API ({@code POST {base}/v1/messages}, as the official SDKs and
 * ANTHROPIC_BASE_URL have it), streaming or not, with native tools, signed thinking and prompt
 * caching. Every shape rule of the API lives in this package; see {@link WireConversation}.
 */
public final class AnthropicProvider extends ApiProvider {

    /** The origin of the reasoning this API produces; only such reasoning is sent back to it. */
    public static final String REASONING_ORIGIN = "anthropic";

    private final URI endpoint;
    private final ApiKey key;
    private final HttpTransport transport;
    private final ModelTraits traits;

    /**
     * @param key    the key, or null for a gateway that needs none
     * @param traits what is known about the model(s) this instance serves
     */
    public AnthropicProvider(ProviderSettings settings, URI baseUrl, ApiKey key, HttpTransport transport,
            ModelTraits traits) {
        super(settings, Api.ANTHROPIC);
        this.endpoint = endpoint(baseUrl, "/v1/messages");
        this.key = key;
        this.transport = transport;
        this.traits = traits;
    }

    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        String body = Json.MAPPER.writeValueAsString(RequestBody.of(request, traits));
        WireFormat wire = new WireFormat(Framing.SSE, () -> new StreamedReply(name()), () -> new ReplyMessage(name()));
        return ReplyStream.open(transport, new HttpTransport.Request(endpoint, headers(key), body), wire,
                request.stream(), List.of());
    }

    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        return Optional.ofNullable(RequestBody.problem(thinking, traits, name() + "/" + model));
    }

}
