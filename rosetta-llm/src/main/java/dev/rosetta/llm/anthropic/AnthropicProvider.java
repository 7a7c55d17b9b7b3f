package dev.rosetta.llm.anthropic;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.OpenResponse;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.provider.Api;
import dev.rosetta.llm.provider.ProviderSettings;

/**
 * Anthropic's Messages API ({@code POST {base}/v1/messages}, as the official SDKs and
 * ANTHROPIC_BASE_URL have it), streaming or not, with native tools, signed thinking and prompt
 * caching. Every shape rule of the API lives in this package; see {@link WireConversation}.
 */
public final class AnthropicProvider implements Provider {

    /** The origin of the reasoning this API produces; only such reasoning is sent back to it. */
    public static final String REASONING_ORIGIN = "anthropic";

    /** Tries of a reply that failed inside the stream before any output (an overloaded_error after the 200). */
    public static final RetryPolicy IN_STREAM_RETRY = new RetryPolicy(3, Duration.ofSeconds(2), Duration.ofSeconds(30));

    private final ProviderSettings settings;
    private final URI endpoint;
    private final ApiKey key;
    private final HttpTransport transport;
    private final RetryPolicy inStreamRetry;
    private final HttpTransport.Sleeper sleeper;

    /** @param key the key, or null for a gateway that needs none */
    public AnthropicProvider(ProviderSettings settings, URI baseUrl, ApiKey key, HttpTransport transport) {
        this(settings, baseUrl, key, transport, IN_STREAM_RETRY, Thread::sleep);
    }

    /** As above, with the retry of in-stream failures before output and how to wait between tries. */
    public AnthropicProvider(ProviderSettings settings, URI baseUrl, ApiKey key, HttpTransport transport,
            RetryPolicy inStreamRetry, HttpTransport.Sleeper sleeper) {
        if (settings.api() != Api.ANTHROPIC) {
            throw new IllegalArgumentException(settings.name() + " does not speak the Anthropic Messages API");
        }
        this.settings = settings;
        this.endpoint = URI.create(baseUrl.toString().replaceAll("/+$", "") + "/v1/messages");
        this.key = key;
        this.transport = transport;
        this.inStreamRetry = inStreamRetry;
        this.sleeper = sleeper;
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
        String body = Json.MAPPER.writeValueAsString(RequestBody.of(request));
        Map<String, String> headers = headers();
        AnthropicStream.Request send = notices -> transport.post(endpoint, headers, body, notices);
        List<String> notices = new ArrayList<>();
        OpenResponse first = send.send(notices::add);
        return new AnthropicStream(name(), request.stream(), first, notices, send, inStreamRetry, sleeper);
    }

    /** anthropic-version and the like from the settings, then the key in its header. */
    private Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>(settings.extraHeaders());
        if (key != null && settings.authHeader() != null) {
            boolean bearer = settings.authHeader().equalsIgnoreCase("authorization");
            headers.put(settings.authHeader(), (bearer ? "Bearer " : "") + key.reveal());
        }
        return headers;
    }
}
