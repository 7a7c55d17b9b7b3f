package dev.rosetta.llm.responses;

import dev.rosetta.llm.ModelTraits;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.provider.Api;
import dev.rosetta.llm.provider.ApiProvider;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.stream.Framing;
import dev.rosetta.llm.stream.ReplyStream;
import dev.rosetta.llm.stream.WireFormat;

/**
 * OpenAI's Responses API ({@code POST {base}/responses}), for OpenAI and Azure models whose
 * registry entry says so. Each request carries the whole conversation ({@code store: false}),
 * so Rosetta's own log stays the only history.
 */
public final class ResponsesProvider extends ApiProvider {

    /** The origin of the reasoning this API produces; only such reasoning is sent back to it. */
    public static final String REASONING_ORIGIN = "openai-responses";

    private final URI endpoint;
    private final ApiKey key;
    private final HttpTransport transport;
    private final ModelTraits traits;
    /** Reasoning summaries need a verified organisation; after one refusal we stop asking. */
    private volatile boolean summaries = true;

    /**
     * @param base   the base URL, e.g. {@code https://api.openai.com/v1}
     * @param key    the API key, or null for a server that needs none
     * @param traits what is known about the model(s) this instance serves
     */
    public ResponsesProvider(ProviderSettings settings, URI base, ApiKey key, HttpTransport transport,
            ModelTraits traits) {
        super(settings, Api.OPENAI_CHAT);
        this.endpoint = endpoint(base, "/responses");
        this.key = key;
        this.transport = transport;
        this.traits = traits;
    }

    /** Sends the request; an organisation refused reasoning summaries is asked once more without them. */
    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        try {
            return send(request, List.of());
        } catch (ProviderException e) {
            if (!summaries || !refusesSummaries(e)) {
                throw e;
            }
            summaries = false;
            return send(request, List.of("reasoning summaries need a verified OpenAI organisation, so thinking is"
                    + " not shown (verify at platform.openai.com/settings/organization/general)"));
        }
    }

    private ChatStream send(ChatRequest request, List<String> first) throws ProviderException {
        List<ChatEvent> notices = new ArrayList<>();
        first.forEach(text -> notices.add(new Notice(text)));
        String body = Json.MAPPER.writeValueAsString(RequestBody.of(request, traits, summaries,
                text -> notices.add(new Notice(text))));
        WireFormat wire = new WireFormat(Framing.SSE, () -> new EventDecoder(name()), () -> new ResponseObject(name()));
        return ReplyStream.open(transport, new HttpTransport.Request(endpoint, headers(key), body), wire,
                request.stream(), notices);
    }

    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        return Optional.ofNullable(RequestBody.problem(thinking, traits, name() + "/" + model));
    }

    /** The 400 an unverified organisation gets for {@code reasoning.summary}. */
    private static boolean refusesSummaries(ProviderException e) {
        return e.kind() == Kind.BAD_REQUEST && e.providerMessage() != null
                && e.providerMessage().contains("reasoning summaries");
    }

}
