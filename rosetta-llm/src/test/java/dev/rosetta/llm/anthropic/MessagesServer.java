package dev.rosetta.llm.anthropic;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import tools.jackson.databind.JsonNode;

/**
 * A loopback HTTP server that answers as the Messages API does, with replies copied from the API
 * reference and the official SDK's recorded streams, and a provider pointed at it.
 */
final class MessagesServer implements AutoCloseable {

    static final String KEY = "sk-test-SECRET-4242";

    final MockWebServer server = new MockWebServer();
    /** Every backoff the transport or the stream asked for; nobody really sleeps. */
    final List<Duration> waits = new ArrayList<>();

    MessagesServer() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    AnthropicProvider provider() {
        return provider(ModelTraits.UNKNOWN);
    }

    AnthropicProvider provider(ModelTraits traits) {
        var settings = new ProviderDirectory(List.of(), Map.of()).require("anthropic");
        var transport = new HttpTransport("anthropic", new HttpTransport.Settings(Duration.ofSeconds(2),
                Duration.ofSeconds(5), Duration.ofSeconds(5), new RetryPolicy(3, Duration.ofMillis(100),
                        Duration.ofSeconds(1))), waits::add);
        return new AnthropicProvider(settings, URI.create(server.url("/").toString()),
                ApiKey.of(KEY, "ANTHROPIC_API_KEY"), transport, traits);
    }

    static String fixture(String name) {
        try (InputStream in = MessagesServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replies with a recorded event stream. */
    void stream(String fixture) {
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream; charset=utf-8")
                .body(fixture(fixture)).build());
    }

    /** Replies with a recorded event stream, {@code bytes} at a time, so characters split between chunks. */
    void stream(String fixture, int bytes) {
        Buffer body = new Buffer().writeUtf8(fixture(fixture));
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream; charset=utf-8")
                .chunkedBody(body, bytes).build());
    }

    void error(int status, String body) {
        server.enqueue(new MockResponse.Builder().code(status).setHeader("content-type", "application/json")
                .body(body).build());
    }

    RecordedRequest request() {
        try {
            return server.takeRequest();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    JsonNode body(RecordedRequest request) {
        return Json.MAPPER.readTree(request.getBody().utf8());
    }

    static List<ChatEvent> drain(ChatStream stream) {
        List<ChatEvent> events = new ArrayList<>();
        for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
            events.add(e);
        }
        return events;
    }

    @Override
    public void close() {
        server.close();
    }
}
