package dev.rosetta.agent.chat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/**
 * A loopback server speaking OpenAI's Chat Completions stream format, and the real provider
 * pointed at it: replies are scripted as the chunks the API sends.
 */
public final class FakeOpenAi implements AutoCloseable {

    public final MockWebServer server = new MockWebServer();
    private final List<JsonNode> taken = new ArrayList<>();
    public final ModelRegistry registry;
    private final ProviderDirectory directory;

    public FakeOpenAi() throws IOException {
        server.start();
        directory = new ProviderDirectory(List.of(), Map.of(
                "OPENAI_BASE_URL", server.url("/v1").toString(), "OPENAI_API_KEY", "sk-test-SECRET-4242"));
        registry = ModelRegistry.bundled(directory, w -> { });
    }

    public ModelInfo model(String name) {
        return registry.resolve(name);
    }

    public Provider provider(ModelInfo model) throws Exception {
        return providers().forModel(model);
    }

    /** The providers, reaching this server. */
    public Providers providers() {
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(10),
                new RetryPolicy(2, Duration.ZERO, Duration.ZERO));
        return new Providers(directory, settings, Providers.OpenAiApi.CHAT_COMPLETIONS);
    }

    /** A streamed text reply, one chunk per piece. */
    public void replyText(String... pieces) {
        StringBuilder sse = new StringBuilder();
        for (String piece : pieces) {
            sse.append(chunk(Map.of("content", piece), null));
        }
        sse.append(chunk(Map.of(), "stop")).append("data: [DONE]\n\n");
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream").body(sse.toString()).build());
    }

    /** A streamed text reply whose last chunk reports the tokens it took, as OpenAI's stream_options ask. */
    void replyTextWithUsage(String text, long promptTokens, long completionTokens) {
        String sse = chunk(Map.of("content", text), null) + chunk(Map.of(), "stop")
                + "data: " + Json.write(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk", "created", 1,
                        "model", "gpt-4.1", "choices", List.of(), "usage", Map.of("prompt_tokens", promptTokens,
                                "completion_tokens", completionTokens, "total_tokens", promptTokens + completionTokens)))
                + "\n\ndata: [DONE]\n\n";
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream").body(sse).build());
    }

    /** A streamed reply of native calls: name → arguments JSON, ids call_1, call_2, … */
    public void replyCalls(String... nameAndArgs) {
        StringBuilder sse = new StringBuilder();
        for (int i = 0; i < nameAndArgs.length; i += 2) {
            int index = i / 2;
            Map<String, Object> start = Map.of("index", index, "id", "call_" + (index + 1), "type", "function",
                    "function", Map.of("name", nameAndArgs[i], "arguments", ""));
            sse.append(chunk(Map.of("tool_calls", List.of(start)), null));
            Map<String, Object> args = Map.of("index", index, "function", Map.of("arguments", nameAndArgs[i + 1]));
            sse.append(chunk(Map.of("tool_calls", List.of(args)), null));
        }
        sse.append(chunk(Map.of(), "tool_calls")).append("data: [DONE]\n\n");
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream").body(sse.toString()).build());
    }

    private static String chunk(Map<String, Object> delta, String finish) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finish);
        return "data: " + Json.write(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk",
                "created", 1, "model", "gpt-4.1", "choices", List.of(choice))) + "\n\n";
    }

    /** The bodies of the requests received so far, in order (each taken from the server once, so this may be asked again). */
    public synchronized List<JsonNode> requests() throws InterruptedException {
        while (taken.size() < server.getRequestCount()) {
            RecordedRequest r = server.takeRequest();
            taken.add(Json.MAPPER.readTree(r.getBody().utf8()));
        }
        return List.copyOf(taken);
    }

    @Override
    public void close() {
        server.close();
    }
}
