package dev.rosetta.llm.ollama;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.LocalModel;
import tools.jackson.databind.JsonNode;

/**
 * What an Ollama server says about its models: {@code POST /api/show} for one model (its context
 * length and capabilities, asked once per model and kept), {@code GET /api/tags} for the models
 * it has. A server that is not running, and a model it does not have, are one line each saying
 * what to run.
 */
public final class OllamaModels {

    /** Both questions are answered from the server's own files; longer means it is stuck. */
    static final Duration LIMIT = Duration.ofSeconds(10);

    private final URI base;
    private final HttpTransport http;
    private final Map<String, String> headers;
    private final Map<String, Shown> shown = new ConcurrentHashMap<>();

    /**
     * What {@code /api/show} says of a model.
     *
     * @param contextLength {@code model_info.<architecture>.context_length}: the context it was
     *                      trained for, or null when the server did not say
     * @param capabilities  {@code completion}, {@code tools}, {@code thinking}, …; null when the
     *                      server is too old to say
     * @param family        {@code details.family}, e.g. {@code qwen3}, {@code gptoss}; may be null
     * @param template      the model's chat template (a Go template), or null
     * @param parser        the built-in parser Ollama reads the model's replies with ({@code
     *                      qwen3-coder}, {@code harmony}), or null when it reads them through the template
     */
    public record Shown(Integer contextLength, Set<String> capabilities, String family, String template,
            String parser) {

        /** What was shown of a model, its template and parser left out. */
        public Shown(Integer contextLength, Set<String> capabilities, String family) {
            this(contextLength, capabilities, family, null, null);
        }

        /** Whether the server's answer rules out {@code capability}; false when it did not say. */
        public boolean lacks(String capability) {
            return capabilities != null && !capabilities.contains(capability);
        }

        /** gpt-oss thinks in levels (low, medium, high) and cannot stop. */
        boolean thinksInLevels() {
            return "gptoss".equals(family) || "gpt-oss".equals(family);
        }
    }

    /**
     * @param base    the server's root URL (OLLAMA_HOST, read by {@code OllamaHost})
     * @param headers sent with each question (a key, when OLLAMA_API_KEY is set for a proxy)
     */
    public OllamaModels(URI base, HttpTransport http, Map<String, String> headers) {
        this.base = base;
        this.http = http;
        this.headers = Map.copyOf(headers);
    }

    public URI base() {
        return base;
    }

    /** {@code /api/show} for {@code model}; the first answer is kept for the rest of the run. */
    public Shown show(String model) throws ProviderException {
        Shown known = shown.get(model);
        if (known != null) {
            return known;
        }
        HttpTransport.Answer answer = ask(URI.create(base + "/api/show"), Json.write(Map.of("model", model)));
        if (answer.status() == 404) {
            throw new ProviderException(Kind.CONFIG, 404, "Ollama at " + base + " has no model '" + model
                    + "': pull it with `ollama pull " + model + "` (`ollama list` shows what it has)", null, null);
        }
        JsonNode json = answered(answer);
        Shown read = new Shown(contextLength(json.path("model_info"), json.path("details")), capabilities(json),
                text(json.path("details").get("family")), text(json.get("template")), text(json.get("parser")));
        shown.put(model, read);
        return read;
    }

    /** {@code /api/tags}: every model the server has, as {@code ollama/NAME}. */
    public List<LocalModel> tags() throws ProviderException {
        JsonNode json = answered(ask(URI.create(base + "/api/tags"), null));
        List<LocalModel> models = new ArrayList<>();
        for (JsonNode m : json.path("models")) {
            String name = text(m.get("name"));
            if (name == null) {
                name = text(m.get("model"));
            }
            if (name != null) {
                JsonNode details = m.path("details");
                models.add(new LocalModel("ollama/" + name, m.path("size").isNumber() ? m.path("size").asLong() : null,
                        text(details.get("parameter_size")), text(details.get("quantization_level"))));
            }
        }
        return models;
    }

    private HttpTransport.Answer ask(URI uri, String json) throws ProviderException {
        try {
            return http.query(uri, json, headers, LIMIT);
        } catch (ProviderException e) {
            if (e.kind() != Kind.CONNECTION) {
                throw e;
            }
            throw new ProviderException(Kind.CONNECTION, 0, "Ollama is not answering at " + base + " ("
                    + e.getMessage() + "): start it with `ollama serve`, or set OLLAMA_HOST to where it runs", null,
                    e.getCause());
        }
    }

    private JsonNode answered(HttpTransport.Answer answer) throws ProviderException {
        JsonNode json = answer.json();
        if (answer.status() / 100 != 2) {
            throw ProviderErrors.status("ollama", answer.status(), answer.body());
        }
        if (json == null || !json.isObject()) {
            throw new ProviderException(Kind.CONNECTION, 0, "the server at " + base + " answered with something that"
                    + " is not Ollama's JSON; check OLLAMA_HOST", null, null);
        }
        return json;
    }

    /**
     * The architecture's context length: {@code <general.architecture>.context_length}, else any
     * {@code *.context_length} (a file without the architecture key), else newer servers' {@code
     * details.context_length}.
     */
    static Integer contextLength(JsonNode modelInfo, JsonNode details) {
        String arch = text(modelInfo.get("general.architecture"));
        JsonNode exact = arch == null ? null : modelInfo.get(arch + ".context_length");
        if (positive(exact)) {
            return exact.asInt();
        }
        for (Map.Entry<String, JsonNode> e : modelInfo.properties()) {
            if (e.getKey().endsWith(".context_length") && positive(e.getValue())) {
                return e.getValue().asInt();
            }
        }
        JsonNode fromDetails = details.get("context_length");
        return positive(fromDetails) ? fromDetails.asInt() : null;
    }

    private static Set<String> capabilities(JsonNode json) {
        JsonNode list = json.get("capabilities");
        if (list == null || !list.isArray()) {
            return null;
        }
        Set<String> out = new LinkedHashSet<>();
        list.values().forEach(c -> {
            if (c.isString()) {
                out.add(c.stringValue());
            }
        });
        return Set.copyOf(out);
    }

    private static boolean positive(JsonNode n) {
        return n != null && n.isIntegralNumber() && n.asLong() > 0 && n.asLong() <= Integer.MAX_VALUE;
    }

    private static String text(JsonNode n) {
        return n != null && n.isString() && !n.stringValue().isBlank() ? n.stringValue() : null;
    }
}
