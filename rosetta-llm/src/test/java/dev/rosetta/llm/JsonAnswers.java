package dev.rosetta.llm;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.rosetta.llm.Providers.OpenAiApi;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/**
 * A loopback server standing in for the servers a user runs (Ollama, llama.cpp, vLLM): it answers
 * each {@code METHOD /path} it was given a JSON body for, and 404 {@code Not Found} anything else,
 * as those servers do for an endpoint they do not have.
 */
final class JsonAnswers implements AutoCloseable {

    private final MockWebServer server = new MockWebServer();
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private Providers providers;

    JsonAnswers() throws IOException {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String path = request.getUrl().encodedPath();
                String query = request.getUrl().encodedQuery();
                String body = query == null ? null : answers.get(request.getMethod() + " " + path + "?" + query);
                if (body == null) {
                    body = answers.get(request.getMethod() + " " + path);
                }
                return body == null ? new MockResponse.Builder().code(404).body("Not Found").build()
                        : new MockResponse.Builder().setHeader("content-type", "application/json").body(body).build();
            }
        });
        server.start();
    }

    /**
     * {@code request} is answered with {@code json}: {@code GET /props} whatever its query, {@code
     * GET /props?model=a%2Fb} (the query as sent) only with that query, which it answers first.
     */
    void answer(String request, String json) {
        answers.put(request, json);
    }

    /** The server's root, without a trailing slash. */
    String root() {
        return server.url("").toString().replaceAll("/$", "");
    }

    int requestCount() {
        return server.getRequestCount();
    }

    /**
     * The providers of {@code env} (OLLAMA_HOST, LOCAL_BASE_URL pointing here) and of a {@code vllm}
     * provider declared in config at {@code /vllm/v1}, with short timeouts and no retries.
     */
    Providers providers(Map<String, String> env, Integer localContext) {
        return new Providers(directory(env), new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5),
                Duration.ofSeconds(5), RetryPolicy.NONE), OpenAiApi.AUTO, localContext);
    }

    ProviderDirectory directory(Map<String, String> env) {
        return new ProviderDirectory(List.of(ProviderDirectory.custom("vllm", root() + "/vllm/v1", null)), env);
    }

    /** The providers of {@link #env()}, made once and closed with the server. */
    synchronized Providers providers() {
        if (providers == null) {
            providers = providers(env(), null);
        }
        return providers;
    }

    /** The bundled models, with the providers of {@link #env()}. */
    ModelRegistry registry() {
        return ModelRegistry.bundled(directory(env()), w -> { });
    }

    /** OLLAMA_HOST and LOCAL_BASE_URL pointing here. */
    Map<String, String> env() {
        return Map.of("OLLAMA_HOST", root(), "LOCAL_BASE_URL", root() + "/v1");
    }

    @Override
    public synchronized void close() {
        if (providers != null) {
            providers.close();
        }
        server.close();
    }
}
