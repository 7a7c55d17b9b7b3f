package dev.rosetta.llm.openai;

import dev.rosetta.llm.ModelTraits;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/** A loopback server and providers of the family pointed at it, with short timeouts and no real waits. */
final class Harness implements AutoCloseable {

    static final String KEY = "sk-test-SECRET-4242";

    final MockWebServer server = new MockWebServer();
    final List<Duration> waits = new ArrayList<>();
    Duration idleTimeout = Duration.ofSeconds(5);

    Harness() throws IOException {
        server.start();
    }

    /** A started harness, for a field JUnit closes ({@code @AutoClose}). */
    static Harness started() {
        try {
            return new Harness();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** What {@code provider} makes of {@code response} to {@code request}, every event of it. */
    List<ChatEvent> reply(String provider, ChatRequest request, MockResponse response) throws Exception {
        server.enqueue(response);
        try (ChatStream stream = provider(provider).chat(request)) {
            return drain(stream);
        }
    }

    ChatCompletionsProvider provider(String name) throws Exception {
        return provider(name, ModelTraits.UNKNOWN);
    }

    ChatCompletionsProvider provider(String name, ModelTraits traits) throws Exception {
        ProviderSettings settings = new ProviderDirectory(List.of(), Map.of()).require(name);
        Optional<ApiKey> key = settings.keyRequired() ? Optional.of(ApiKey.of(KEY, settings.keyEnv())) : Optional.empty();
        return provider(settings, URI.create(server.url("/v1").toString()), key, traits);
    }

    ChatCompletionsProvider provider(ProviderSettings settings, URI base, Optional<ApiKey> key, ModelTraits traits) {
        var transportSettings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5), idleTimeout,
                new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(30)));
        return new ChatCompletionsProvider(settings, base, key,
                new HttpTransport(settings.name(), transportSettings, waits::add), traits);
    }

    RecordedRequest take() throws InterruptedException {
        RecordedRequest request = server.takeRequest(5, TimeUnit.SECONDS);
        if (request == null) {
            throw new AssertionError("no request reached the server");
        }
        return request;
    }

    JsonNode body() throws InterruptedException {
        return Json.MAPPER.readTree(take().getBody().utf8());
    }

    @Override
    public void close() {
        server.close();
    }

    static MockResponse sse(String body) {
        return new MockResponse.Builder().setHeader("content-type", "text/event-stream; charset=utf-8").body(body)
                .build();
    }

    /** An error answer: {@code status} with a JSON body, as the provider writes it. */
    static MockResponse json(int status, String body) {
        return new MockResponse.Builder().code(status).setHeader("content-type", "application/json").body(body).build();
    }

    static MockResponse json(String body) {
        return new MockResponse.Builder().setHeader("content-type", "application/json").body(body).build();
    }

    static String resource(String name) {
        try (InputStream in = Harness.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new AssertionError("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Every event until the stream says it is over. */
    static List<ChatEvent> drain(ChatStream stream) {
        List<ChatEvent> events = new ArrayList<>();
        for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
            events.add(e);
        }
        return events;
    }

    static String text(List<ChatEvent> events) {
        StringBuilder out = new StringBuilder();
        events.stream().filter(ChatEvent.TextDelta.class::isInstance).map(e -> ((ChatEvent.TextDelta) e).text())
                .forEach(out::append);
        return out.toString();
    }

    static ChatEvent.Finished finished(List<ChatEvent> events) {
        return (ChatEvent.Finished) events.get(events.size() - 1);
    }
}
