package dev.rosetta.llm.openai;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.LocalModel;
import tools.jackson.databind.JsonNode;

/**
 * What an OpenAI-compatible server the user runs (llama.cpp's {@code llama-server}, vLLM,
 * SGLang, LM Studio, Ollama's {@code /v1}) says about its models, for what the registry cannot
 * know: the context a model runs with. Asked in this order, the first answer winning:
 * <ol>
 * <li>llama.cpp's {@code GET /props?model=ID}: {@code default_generation_settings.n_ctx}, the context
 *     of each slot it serves (older builds: a top-level {@code n_ctx});</li>
 * <li>{@code GET /v1/models}, the model's entry (or the only one): vLLM's {@code max_model_len},
 *     llama.cpp's {@code meta.n_ctx_train} (what it was trained with), or a {@code context_length}.</li>
 * </ol>
 * Servers answer only some of these; one that answers none (or is not running) reports nothing,
 * and the chat request says what is wrong with it. The model's chat template, which tells the
 * dialect it was trained on, comes from llama.cpp's {@code /props} ({@code chat_template_tool_use}
 * where it has a separate one for requests with tools, else {@code chat_template}) or from vLLM's
 * {@code GET /tokenizer_info} (served when vLLM runs with {@code --enable-tokenizer-info-endpoint});
 * LM Studio and SGLang show none.
 */
public final class CompatibleServer {

    /** A local server answers at once; a hosted one that is slow should not hold up the prompt. */
    static final Duration LIMIT = Duration.ofSeconds(3);

    private final URI base;
    private final HttpTransport http;
    private final Map<String, String> headers;

    /**
     * @param base    the provider's base URL ({@code …/v1})
     * @param headers the key's header, when the server takes one
     */
    public CompatibleServer(URI base, HttpTransport http, Map<String, String> headers) {
        this.base = URI.create(base.toString().replaceAll("/+$", ""));
        this.http = http;
        this.headers = Map.copyOf(headers);
    }

    /** The context {@code model} runs with, as the server says; null when it says nothing. */
    public Integer contextLength(String model) {
        Integer fromProps = positive(props(model).path("default_generation_settings").get("n_ctx"));
        if (fromProps == null) {
            fromProps = positive(props(model).get("n_ctx"));
        }
        if (fromProps != null) {
            return fromProps;
        }
        JsonNode entry = entry(model);
        for (JsonNode candidate : List.of(entry.path("max_model_len"), entry.path("meta").path("n_ctx_train"),
                entry.path("context_length"))) {
            Integer n = positive(candidate);
            if (n != null) {
                return n;
            }
        }
        return null;
    }

    /** The chat template the server renders {@code model}'s requests with tools in, or null when it shows none. */
    public String chatTemplate(String model) {
        String fromProps = text(props(model).path("chat_template_tool_use"));
        if (fromProps == null) {
            fromProps = text(props(model).path("chat_template"));
        }
        return fromProps != null ? fromProps : text(tokenizerInfo().path("chat_template"));
    }

    private static String text(JsonNode n) {
        return n.isString() && !n.stringValue().isBlank() ? n.stringValue() : null;
    }

    /** The models {@code GET /v1/models} lists, as {@code provider/id}. */
    public List<LocalModel> models(String provider) throws ProviderException {
        HttpTransport.Answer answer = http.query(URI.create(base + "/models"), null, headers, LIMIT);
        List<LocalModel> out = new ArrayList<>();
        JsonNode json = answer.status() / 100 == 2 ? answer.json() : null;
        if (json != null) {
            for (JsonNode m : json.path("data")) {
                if (m.path("id").isString()) {
                    out.add(new LocalModel(provider + "/" + m.path("id").stringValue(),
                            positiveLong(m.path("meta").path("size")), null, null));
                }
            }
        }
        return out;
    }

    private final Map<String, JsonNode> propsAnswers = new HashMap<>();
    private JsonNode tokenizerAnswer;

    /**
     * {@code /props?model=…}: llama.cpp's router (several models, {@code --models-dir}) answers a
     * bare {@code /props} for itself, with no template and a context of 0, and passes one naming
     * a model to that model's server; a server of one model ignores the parameter.
     */
    private synchronized JsonNode props(String model) {
        return propsAnswers.computeIfAbsent(model, m -> quietly(URI.create(root() + "/props?model="
                + URLEncoder.encode(m, StandardCharsets.UTF_8))));
    }

    private synchronized JsonNode tokenizerInfo() {
        if (tokenizerAnswer == null) {
            tokenizerAnswer = quietly(URI.create(root() + "/tokenizer_info"));
        }
        return tokenizerAnswer;
    }

    /** The server's root: its own endpoints sit beside {@code /v1}, not under it. */
    private String root() {
        String url = base.toString();
        return url.endsWith("/v1") ? url.substring(0, url.length() - 3) : url;
    }

    /** The model's entry in /v1/models: the one with its id, else the only one there is. */
    private JsonNode entry(String model) {
        JsonNode data = quietly(URI.create(base + "/models")).path("data");
        for (JsonNode m : data) {
            if (model.equals(m.path("id").asString(""))) {
                return m;
            }
        }
        return data.size() == 1 ? data.get(0) : Json.MAPPER.createObjectNode();
    }

    /** The answer as JSON, or an empty object when there was none worth reading. */
    private JsonNode quietly(URI uri) {
        try {
            HttpTransport.Answer answer = http.query(uri, null, headers, LIMIT);
            JsonNode json = answer.status() / 100 == 2 ? answer.json() : null;
            return json != null && json.isObject() ? json : Json.MAPPER.createObjectNode();
        } catch (ProviderException e) {
            return Json.MAPPER.createObjectNode();
        }
    }

    private static Integer positive(JsonNode n) {
        return n != null && n.isIntegralNumber() && n.asLong() > 0 && n.asLong() <= Integer.MAX_VALUE ? n.asInt()
                : null;
    }

    private static Long positiveLong(JsonNode n) {
        return n != null && n.isIntegralNumber() && n.asLong() > 0 ? n.asLong() : null;
    }
}
