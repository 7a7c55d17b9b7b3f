package dev.rosetta.cli.e2e;

import static dev.rosetta.cli.e2e.WireJson.object;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.rosetta.core.json.Json;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A loopback server that answers as Ollama does (its docs/api.md and server/routes.go): {@code
 * POST /api/show} for the models it has (404 {@code model 'x' not found} for others), {@code GET
 * /api/tags}, and {@code POST /api/chat} with the next scripted reply as NDJSON — text a line per
 * piece, native calls whole in one line without ids (as older servers send them), then the
 * {@code done} line with the counts. Each /api/chat body is recorded.
 */
final class FakeOllama implements AutoCloseable {

    private final MockWebServer server;
    private final Map<String, String> shows = new ConcurrentHashMap<>();
    private final Deque<ScriptedReply.Streamed> script = new ArrayDeque<>();
    private final List<JsonNode> chats = new CopyOnWriteArrayList<>();
    private final List<String> shown = new CopyOnWriteArrayList<>();

    FakeOllama() {
        server = LoopbackServer.answering(this::answer);
    }

    /** OLLAMA_HOST as users set it: host:port. */
    String host() {
        return server.getHostName() + ":" + server.getPort();
    }

    /**
     * A model the server has: its architecture's context length and its capabilities, in the
     * shape of /api/show (tokenizer arrays left out, as without verbose).
     */
    void has(String model, String family, int contextLength, String... capabilities) {
        shows.put(model, Json.write(object("details", object("parent_model", "", "format", "gguf", "family", family,
                "families", List.of(family), "parameter_size", "8.2B", "quantization_level", "Q4_K_M"),
                "model_info", object("general.architecture", family, family + ".context_length", contextLength,
                        "general.parameter_count", 8190735360L),
                "capabilities", List.of(capabilities))));
    }

    /** The model's chat template, as /api/show shows it: a model added by {@link #has} comes with none. */
    void template(String model, String template) {
        ObjectNode show = (ObjectNode) Json.MAPPER.readTree(shows.get(model));
        show.put("template", template);
        shows.put(model, Json.write(show));
    }

    synchronized void script(ScriptedReply.Streamed... replies) {
        script.addAll(List.of(replies));
    }

    synchronized int unanswered() {
        return script.size();
    }

    /** The /api/chat bodies, in order. */
    List<JsonNode> chats() {
        return List.copyOf(chats);
    }

    /** The models /api/show was asked about, in order. */
    List<String> shown() {
        return List.copyOf(shown);
    }

    private MockResponse answer(RecordedRequest request) {
        String path = request.getUrl().encodedPath();
        String body = request.getBody() == null ? "" : request.getBody().utf8();
        return switch (path) {
            case "/api/show" -> {
                String model = Json.MAPPER.readTree(body).path("model").asString("");
                shown.add(model);
                String show = shows.get(model);
                yield show != null ? json(200, show) : json(404, "{\"error\":\"model '" + model + "' not found\"}");
            }
            case "/api/tags" -> json(200, tags());
            case "/api/chat" -> {
                chats.add(Json.MAPPER.readTree(body));
                ScriptedReply.Streamed next;
                synchronized (this) {
                    next = script.poll();
                }
                yield next == null ? json(400, "{\"error\":\"the fake Ollama has no scripted reply left\"}")
                        : new MockResponse.Builder().setHeader("content-type", "application/x-ndjson")
                                .body(ndjson(next)).build();
            }
            default -> new MockResponse.Builder().code(404).body("404 page not found").build();
        };
    }

    private String tags() {
        List<Object> models = new ArrayList<>();
        shows.keySet().stream().sorted().forEach(name -> models.add(object("name", name, "model", name,
                "modified_at", "2025-05-10T08:06:48.639712648-07:00", "size", 5225388164L,
                "digest", "0a8c266910232fd3291e71e5ba1e058cc5af9d411192cf88b6d30e92b6e73163",
                "details", object("parent_model", "", "format", "gguf", "family", "qwen3", "families", List.of("qwen3"),
                        "parameter_size", "8.2B", "quantization_level", "Q4_K_M"))));
        return Json.write(object("models", models));
    }

    private static String ndjson(ScriptedReply.Streamed reply) {
        StringBuilder out = new StringBuilder();
        for (String piece : reply.text()) {
            out.append(line(object("role", "assistant", "content", piece), false));
        }
        if (!reply.calls().isEmpty()) {
            List<Object> calls = new ArrayList<>();
            for (ModelCall call : reply.calls()) {
                calls.add(object("function", object("name", call.tool(), "arguments", call.arguments())));
            }
            out.append(line(object("role", "assistant", "content", "", "tool_calls", calls), false));
        }
        return out.append(Json.write(object("model", "m", "created_at", "2025-07-07T20:22:19.19314Z",
                "message", object("role", "assistant", "content", ""), "done_reason", "stop", "done", true,
                "total_duration", 182242375, "load_duration", 41295167, "prompt_eval_count", 169,
                "prompt_eval_duration", 24573166, "eval_count", 15, "eval_duration", 115959084))).append('\n').toString();
    }

    private static String line(Object message, boolean done) {
        return Json.write(object("model", "m", "created_at", "2025-07-07T20:22:19.184789Z", "message", message,
                "done", done)) + "\n";
    }

    private static MockResponse json(int status, String body) {
        return new MockResponse.Builder().code(status).setHeader("content-type", "application/json; charset=utf-8")
                .body(body).build();
    }

    @Override
    public void close() {
        server.close();
    }
}
