package dev.rosetta.bench.longsession;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.rosetta.agent.context.SummaryPrompt;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A local model for the long-session run: a loopback server speaking the OpenAI Chat Completions
 * stream as DeepSeek does (reasoning in {@code reasoning_content}, replayed on tool-calling
 * turns), so Rosetta's real provider, history and compaction run against it. Replies come from a
 * script, one per request; a summarising request (known by its prompt) gets a summary instead.
 * Every request is measured as a provider would count it — the tokens of each message's text,
 * reasoning and call arguments, and of the tool definitions — and that count is reported back as
 * the request's usage.
 */
public final class FakeModelServer implements AutoCloseable {

    /** One scripted reply: reasoning, text, and at most one native call (name and JSON arguments). */
    public record Reply(String reasoning, String text, String tool, String argumentsJson) {

        public static Reply text(String text) {
            return new Reply("", text, null, null);
        }
    }

    /** One request as the server saw it. */
    public record Request(int number, int tokens, boolean summarizing, JsonNode body) {}

    private final HttpServer server;
    private final TokenEstimator estimator = TokenEstimator.shared();
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<Request> requests = new ArrayList<>();
    private int callIds;

    public FakeModelServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::answer);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    /** What DEEPSEEK_BASE_URL is set to. */
    public String baseUrl() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/v1";
    }

    public synchronized void script(List<Reply> replies) {
        script.addAll(replies);
    }

    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    private void answer(HttpExchange exchange) throws IOException {
        JsonNode body = Json.MAPPER.readTree(exchange.getRequestBody().readAllBytes());
        boolean summarizing = body.path("messages").path(0).path("content").asString("").startsWith(SummaryPrompt.MARKER);
        int tokens = tokens(body);
        Reply reply;
        synchronized (this) {
            requests.add(new Request(requests.size() + 1, tokens, summarizing, body));
            reply = summarizing ? summary() : script.isEmpty() ? Reply.text("(the script has ended)") : script.poll();
        }
        byte[] sse = stream(reply, tokens).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", "text/event-stream");
        exchange.sendResponseHeaders(200, sse.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(sse);
        }
    }

    /** A summary as a model would write it: the sections the prompt asks for. */
    private static Reply summary() {
        return Reply.text("""
                ## Instructions
                - Work through every module in src/, one step at a time, and keep notes in out/.
                ## Decisions
                - Read each module whole before writing its notes.
                ## Files
                - src/module_*.txt: read; out/notes_*.md: written every tenth step.
                ## State
                - The steps so far are done.
                ## Open tasks
                - Go on with the next step.""");
    }

    /** As a provider counts a request: each message's text, reasoning and calls, and the tool definitions. */
    int tokens(JsonNode body) {
        int tokens = 0;
        for (JsonNode m : body.path("messages")) {
            tokens += 4 + estimator.count(m.path("content").asString("")) + estimator.count(m.path("reasoning_content")
                    .asString(""));
            for (JsonNode call : m.path("tool_calls")) {
                tokens += 4 + estimator.count(call.path("function").path("name").asString(""))
                        + estimator.count(call.path("function").path("arguments").asString(""));
            }
        }
        for (JsonNode tool : body.path("tools")) {
            tokens += 4 + estimator.count(Json.write(tool));
        }
        return tokens;
    }

    private String stream(Reply reply, int promptTokens) {
        StringBuilder sse = new StringBuilder(chunk(Map.of("role", "assistant", "content", ""), null));
        if (!reply.reasoning().isEmpty()) {
            sse.append(chunk(Map.of("reasoning_content", reply.reasoning()), null));
        }
        if (!reply.text().isEmpty()) {
            sse.append(chunk(Map.of("content", reply.text()), null));
        }
        if (reply.tool() != null) {
            String id = "call_" + (++callIds);
            sse.append(chunk(Map.of("tool_calls", List.of(Map.of("index", 0, "id", id, "type", "function",
                    "function", Map.of("name", reply.tool(), "arguments", reply.argumentsJson())))), null));
        }
        sse.append(chunk(Map.of(), reply.tool() != null ? "tool_calls" : "stop"));
        int completion = estimator.count(reply.reasoning()) + estimator.count(reply.text())
                + (reply.argumentsJson() == null ? 0 : estimator.count(reply.argumentsJson()));
        sse.append("data: ").append(Json.write(Map.of("id", "x", "object", "chat.completion.chunk", "created", 1,
                "model", "fake", "choices", List.of(), "usage", Map.of("prompt_tokens", promptTokens,
                        "completion_tokens", completion, "total_tokens", promptTokens + completion)))).append("\n\n");
        return sse.append("data: [DONE]\n\n").toString();
    }

    private static String chunk(Map<String, Object> delta, String finish) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finish);
        return "data: " + Json.write(Map.of("id", "x", "object", "chat.completion.chunk", "created", 1, "model", "fake",
                "choices", List.of(choice))) + "\n\n";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
