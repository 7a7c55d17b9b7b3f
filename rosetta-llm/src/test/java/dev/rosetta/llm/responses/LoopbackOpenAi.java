package dev.rosetta.llm.responses;

import dev.rosetta.llm.ModelTraits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketHandler;
import tools.jackson.databind.JsonNode;

/**
 * An HTTP server on loopback that answers as OpenAI's /v1/responses does, with recorded
 * streams, and a provider pointed at it. Retries wait on a recording sleeper, not the clock.
 */
final class LoopbackOpenAi implements AutoCloseable {

    /** A key recognisable wherever it might leak. */
    static final String KEY = "sk-test-SECRET-4242";

    final MockWebServer server = new MockWebServer();
    final List<Duration> waits = new ArrayList<>();

    LoopbackOpenAi() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    ResponsesProvider provider(ModelTraits traits) {
        return provider("openai", traits, Duration.ofSeconds(5));
    }

    /** A provider for {@code name}'s settings (openai, azure) with its own idle timeout. */
    ResponsesProvider provider(String name, ModelTraits traits, Duration idle) {
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5), idle,
                new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(2)));
        try {
            return new ResponsesProvider(new ProviderDirectory(List.of(), Map.of()).require(name),
                    URI.create(server.url("/v1").toString()), ApiKey.of(KEY, name.toUpperCase() + "_API_KEY"),
                    new HttpTransport(name, settings, waits::add), traits);
        } catch (ProviderException e) {
            throw new AssertionError(e);
        }
    }

    /** Answers the next request with a recorded stream, as sent. */
    void stream(String fixture) {
        server.enqueue(sse().body(fixture(fixture)).build());
    }

    /** Answers with a stream in one-byte HTTP chunks, so multi-byte characters arrive split. */
    void streamInTinyChunks(String fixture) {
        server.enqueue(sse().chunkedBody(fixture(fixture), 1).build());
    }

    /** Answers with headers, then lets {@code handler} write the body and watch the socket. */
    void streamByHand(SocketHandler handler) {
        server.enqueue(sse().removeHeader("Content-Length").setHeader("Connection", "close")
                .socketHandler(handler).build());
    }

    void json(String fixture) {
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "application/json")
                .body(fixture(fixture)).build());
    }

    void status(int code, String body, String... headers) {
        MockResponse.Builder b = new MockResponse.Builder().code(code).setHeader("content-type", "application/json")
                .body(body);
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.setHeader(headers[i], headers[i + 1]);
        }
        server.enqueue(b.build());
    }

    RecordedRequest take() {
        try {
            RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
            if (r == null) {
                throw new AssertionError("no request arrived");
            }
            return r;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    JsonNode takeBody() {
        return Json.MAPPER.readTree(take().getBody().utf8());
    }

    @Override
    public void close() {
        server.close();
    }

    static List<ChatEvent> drain(ChatStream stream) throws ProviderException {
        List<ChatEvent> out = new ArrayList<>();
        try (stream) {
            for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
                out.add(e);
            }
        }
        return out;
    }

    static String fixture(String name) {
        try (InputStream in = LoopbackOpenAi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new AssertionError("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MockResponse.Builder sse() {
        return new MockResponse.Builder().setHeader("content-type", "text/event-stream; charset=utf-8");
    }
}
