package dev.rosetta.llm.ollama;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
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
 * Ollama's own API ({@code POST {OLLAMA_HOST}/api/chat}): NDJSON streams, native tools and
 * calls, thinking, and the context the model is run with. Before a model's first request its
 * {@code /api/show} is read (once per run): the context sent as {@code num_ctx} is the model's
 * real one, capped by the user's {@code [models] local_context} — never Ollama's small default,
 * which silently drops the start of the prompt (the system prompt and the tools first); and a
 * model that takes no tools is said so before a request is wasted on it.
 */
public final class OllamaProvider extends ApiProvider {

    /** The origin of the reasoning this API produces; only such reasoning is sent back to it. */
    public static final String REASONING_ORIGIN = "ollama";

    private final URI endpoint;
    private final Optional<ApiKey> key;
    private final HttpTransport transport;
    private final OllamaModels models;
    private final ContextLimit context;
    private final String keepAlive;

    /**
     * What the context sent is made from.
     *
     * @param recorded the model's context in the registry (a user's models.json), or null: the
     *                 server's answer is used then
     * @param cap      {@code [models] local_context}, or null
     */
    public record ContextLimit(Integer recorded, Integer cap) {

        /** The {@code num_ctx} to send for a model whose server said {@code shown}; null leaves Ollama's. */
        public Integer numCtx(OllamaModels.Shown shown) {
            Integer window = recorded != null ? recorded : shown.contextLength();
            if (window == null) {
                return cap;
            }
            return cap == null ? window : Math.min(window, cap);
        }
    }

    /**
     * @param models    the server's /api/show and /api/tags, shared by its models
     * @param keepAlive {@code OLLAMA_KEEP_ALIVE} for Rosetta, or null
     */
    public OllamaProvider(ProviderSettings settings, OllamaModels models, Optional<ApiKey> key, HttpTransport transport,
            ContextLimit context, String keepAlive) {
        super(settings, Api.OLLAMA);
        this.models = models;
        this.endpoint = URI.create(models.base() + "/api/chat");
        this.key = key;
        this.transport = transport;
        this.context = context;
        this.keepAlive = keepAlive;
    }

    @Override
    public ChatStream chat(ChatRequest request) throws ProviderException {
        OllamaModels.Shown shown = models.show(request.model());
        if (!request.tools().isEmpty() && shown.lacks("tools")) {
            throw noTools(request.model(), "Ollama lists its capabilities as "
                    + String.join(", ", new TreeSet<>(shown.capabilities())));
        }
        Integer numCtx = context.numCtx(shown);
        String body = Json.write(OllamaRequest.of(request, numCtx, shown, keepAlive));
        WireFormat wire = new WireFormat(Framing.JSON_LINES, () -> new OllamaReply(name()),
                () -> new OllamaReply(name()));
        try {
            var http = new HttpTransport.Request(endpoint, headers(key.orElse(null)), body);
            ChatStream reply = ReplyStream.open(transport, http, wire, request.stream(), List.of());
            return new Advised(reply, numCtx);
        } catch (ProviderException e) {
            if (!request.tools().isEmpty() && saysNoTools(e)) {
                throw noTools(request.model(), "Ollama says so");
            }
            throw Advised.advise(e, numCtx);
        }
    }

    /** A model asked for native tools that takes none, in one line saying what to do instead. */
    private ProviderException noTools(String model, String why) {
        return new ProviderException(Kind.CONFIG, name() + "/" + model + " takes no native tools (" + why
                + "); use --tool-format native to have it write its calls as text");
    }

    /**
     * A server too old to list capabilities in /api/show refuses the request itself: 400 {@code
     * "registry.ollama.ai/library/gemma:2b does not support tools"}.
     */
    private static boolean saysNoTools(ProviderException e) {
        return e.status() == 400 && e.providerMessage() != null && e.providerMessage().endsWith("does not support tools");
    }

    @Override
    public Optional<String> thinkingProblem(String model, Thinking thinking) {
        try {
            return Optional.ofNullable(problem(thinking, models.show(model), name() + "/" + model));
        } catch (ProviderException e) {
            return Optional.empty(); // the chat itself will say what is wrong with the server
        }
    }

    /** Why {@code thinking} is not sent to {@code model}, or null. */
    static String problem(Thinking thinking, OllamaModels.Shown shown, String model) {
        if (thinking == null) {
            return null;
        }
        if (!thinking.off() && shown.lacks("thinking")) {
            return model + " does not think (Ollama lists no thinking capability for it); thinking " + thinking
                    + " is not sent";
        }
        if (thinking.off() && shown.thinksInLevels()) {
            return model + " always thinks, so thinking cannot be turned off; it thinks at its default level";
        }
        return null;
    }

    /**
     * The reply, with what to do added to the one failure a local server has that a hosted one
     * does not: too little memory for the context asked for.
     */
    private static final class Advised implements ChatStream {

        private final ChatStream reply;
        private final Integer numCtx;

        Advised(ChatStream reply, Integer numCtx) {
            this.reply = reply;
            this.numCtx = numCtx;
        }

        @Override
        public ChatEvent next() throws ProviderException {
            try {
                return reply.next();
            } catch (ProviderException e) {
                throw advise(e, numCtx);
            }
        }

        /** Ollama's "model requires more system memory …", with the context asked for and how to lower it. */
        static ProviderException advise(ProviderException e, Integer numCtx) {
            String said = e.providerMessage();
            if (numCtx == null || said == null || !said.contains("memory")) {
                return e;
            }
            ProviderException advised = new ProviderException(e.kind(), e.status(), "ollama could not run the model: "
                    + said + "; Rosetta asked for a context of " + numCtx + " tokens (num_ctx): set a smaller"
                    + " [models] local_context in config.toml", said, e.getCause());
            advised.setStackTrace(e.getStackTrace());
            return advised;
        }

        @Override
        public void close() {
            reply.close();
        }
    }
}
