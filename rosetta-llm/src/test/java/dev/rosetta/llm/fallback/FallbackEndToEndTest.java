package dev.rosetta.llm.fallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.anthropic.AnthropicProvider;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.openai.ChatCompletionsProvider;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/**
 * The chain over the real provider classes and real HTTP on loopback: a rate-limited OpenAI and
 * an overloaded Anthropic, with recognisable keys that must show up in request headers only.
 */
class FallbackEndToEndTest {

    private static final String OPENAI_KEY = "sk-test-SECRET-4242";
    private static final String ANTHROPIC_KEY = "sk-ant-test-SECRET-4343";

    private static final String RATE_LIMITED = """
            {"error":{"message":"Rate limit reached for gpt-4.1 in organization org-x on tokens per min.",\
            "type":"tokens","param":null,"code":"rate_limit_exceeded"}}""";
    private static final String OVERLOADED = """
            {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}""";
    private static final String ANTHROPIC_STREAM = """
            event: message_start
            data: {"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","content":[],\
            "model":"claude-sonnet-4-5-20250929","stop_reason":null,"stop_sequence":null,\
            "usage":{"input_tokens":25,"output_tokens":1}}}

            event: content_block_start
            data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

            event: ping
            data: {"type": "ping"}

            event: content_block_delta
            data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello from Claude"}}

            event: content_block_stop
            data: {"type":"content_block_stop","index":0}

            event: message_delta
            data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},\
            "usage":{"output_tokens":5}}

            event: message_stop
            data: {"type":"message_stop"}

            """;
    private static final String OPENAI_STREAM = """
            data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1",\
            "choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

            data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1",\
            "choices":[{"index":0,"delta":{"content":"Hello from GPT"},"finish_reason":null}]}

            data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1",\
            "choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

            data: [DONE]

            """;

    private final MockWebServer openaiServer = new MockWebServer();
    private final MockWebServer anthropicServer = new MockWebServer();
    private final List<Duration> sleeps = new ArrayList<>();
    private final ProviderDirectory directory = new ProviderDirectory(List.of(), Map.of());
    private final ModelRegistry registry = ModelRegistry.bundled(directory, w -> {});
    private Provider openai;
    private Provider anthropic;

    @BeforeEach
    void start() throws IOException {
        openaiServer.start();
        anthropicServer.start();
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5),
                new RetryPolicy(2, Duration.ofMillis(10), Duration.ofMillis(100)));
        ModelInfo gpt41 = registry.resolve("openai/gpt-4.1");
        openai = new ChatCompletionsProvider(directory.require("openai"), URI.create(openaiServer.url("/v1").toString()),
                Optional.of(ApiKey.of(OPENAI_KEY, "OPENAI_API_KEY")), new HttpTransport("openai", settings, sleeps::add),
                new ModelTraits(gpt41.strictToolsOrFalse(), gpt41.parallelToolCallsOrFalse(), gpt41.reasoningOrFalse()));
        anthropic = new AnthropicProvider(directory.require("anthropic"),
                URI.create(anthropicServer.url("/").toString()), ApiKey.of(ANTHROPIC_KEY, "ANTHROPIC_API_KEY"),
                new HttpTransport("anthropic", settings, sleeps::add), ModelTraits.UNKNOWN);
    }

    @AfterEach
    void stop() {
        openaiServer.close();
        anthropicServer.close();
    }

    private FallbackProvider chain() {
        return new FallbackProvider(List.of(new FallbackCandidate(openai, "gpt-4.1"),
                new FallbackCandidate(anthropic, "claude-sonnet-4-5-20250929")));
    }

    private static ChatRequest request() {
        return ChatRequest.of("gpt-4.1", List.of(Message.user("Say hello")));
    }

    private static List<ChatEvent> drain(ChatStream stream) throws ProviderException {
        List<ChatEvent> events = new ArrayList<>();
        for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
            events.add(e);
        }
        return events;
    }

    private void rateLimitOpenAi() {
        for (int i = 0; i < 2; i++) {
            openaiServer.enqueue(new MockResponse.Builder().code(429).setHeader("content-type", "application/json")
                    .setHeader("retry-after", "0.05").body(RATE_LIMITED).build());
        }
    }

    private static void assertNoKeyIn(String text) {
        assertThat(text).doesNotContain(OPENAI_KEY).doesNotContain(ANTHROPIC_KEY).doesNotContain("SECRET");
    }

    private static String everything(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable x = t; x != null; x = x.getCause()) {
            sb.append(x).append('\n');
            for (Throwable s : x.getSuppressed()) {
                sb.append(everything(s));
            }
        }
        return sb.toString();
    }

    @Test
    void aRateLimitedOpenAiHandsTheTurnToAnthropic() throws Exception {
        rateLimitOpenAi();
        anthropicServer.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .body(ANTHROPIC_STREAM).build());

        List<ChatEvent> events = drain(chain().chat(request()));

        assertThat(events).filteredOn(ChatEvent.Notice.class::isInstance).extracting(Object::toString).satisfiesExactly(
                retry -> assertThat(retry).contains("HTTP 429").contains("retrying in 50 ms (2/2)"),
                gaveUp -> assertThat(gaveUp).contains("openai/gpt-4.1 is rate limited (HTTP 429); switching to"
                        + " anthropic/claude-sonnet-4-5-20250929"));
        assertThat(events).contains(new ChatEvent.TextDelta("Hello from Claude"));
        assertThat(events.getLast()).isInstanceOfSatisfying(ChatEvent.Finished.class,
                f -> assertThat(f.reason()).isEqualTo(StopReason.END_TURN));
        assertThat(openaiServer.getRequestCount()).isEqualTo(2);
        RecordedRequest toAnthropic = anthropicServer.takeRequest();
        assertThat(toAnthropic.getBody().utf8()).contains("\"model\":\"claude-sonnet-4-5-20250929\"").contains("Say hello");
        assertThat(toAnthropic.getHeaders().get("x-api-key")).isEqualTo(ANTHROPIC_KEY);
        assertThat(openaiServer.takeRequest().getHeaders().get("authorization")).isEqualTo("Bearer " + OPENAI_KEY);
        events.forEach(e -> assertNoKeyIn(e.toString()));
    }

    @Test
    void anAnthropicOverloadedBeforeOutputHandsTheTurnToOpenAi() throws Exception {
        anthropicServer.enqueue(new MockResponse.Builder().code(529).setHeader("content-type", "application/json")
                .body(OVERLOADED).build());
        anthropicServer.enqueue(new MockResponse.Builder().code(529).setHeader("content-type", "application/json")
                .body(OVERLOADED).build());
        openaiServer.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .body(OPENAI_STREAM).build());
        var chain = new FallbackProvider(List.of(new FallbackCandidate(anthropic, "claude-sonnet-4-5-20250929"),
                new FallbackCandidate(openai, "gpt-4.1")));

        List<ChatEvent> events = drain(chain.chat(request()));

        assertThat(events).filteredOn(ChatEvent.Notice.class::isInstance).last().isEqualTo(new ChatEvent.Notice(
                "anthropic/claude-sonnet-4-5-20250929 is overloaded (HTTP 529); switching to openai/gpt-4.1"));
        assertThat(events).contains(new ChatEvent.TextDelta("Hello from GPT"));
        assertThat(openaiServer.takeRequest().getBody().utf8()).contains("\"model\":\"gpt-4.1\"");
        events.forEach(e -> assertNoKeyIn(e.toString()));
    }

    @Test
    void anOverloadedErrorInsideAnthropicsStreamBeforeOutputHandsTheTurnToOpenAi() throws Exception {
        // the 200 came, then the stream says overloaded before any text: the chain moves on all the same
        for (int i = 0; i < 2; i++) { // the first try, and the one retry the policy allows
            anthropicServer.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream").body("""
                    event: message_start
                    data: {"type":"message_start","message":{"id":"msg_02","type":"message","role":"assistant",\
                    "content":[],"model":"claude-sonnet-4-5-20250929","stop_reason":null,"stop_sequence":null,\
                    "usage":{"input_tokens":25,"output_tokens":1}}}

                    event: error
                    data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}

                    """).build());
        }
        openaiServer.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .body(OPENAI_STREAM).build());
        var chain = new FallbackProvider(List.of(new FallbackCandidate(anthropic, "claude-sonnet-4-5-20250929"),
                new FallbackCandidate(openai, "gpt-4.1")));

        List<ChatEvent> events = drain(chain.chat(request()));

        assertThat(events).filteredOn(ChatEvent.Notice.class::isInstance).last().asString()
                .contains("anthropic/claude-sonnet-4-5-20250929 is overloaded; switching to openai/gpt-4.1");
        assertThat(events).contains(new ChatEvent.TextDelta("Hello from GPT"));
        assertThat(events).noneMatch(e -> e instanceof ChatEvent.Usage u && u.inputTokens() == 25);
        events.forEach(e -> assertNoKeyIn(e.toString()));
    }

    @Test
    void whenBothAreExhaustedTheErrorNamesBothAndCarriesNoKey() {
        rateLimitOpenAi();
        anthropicServer.enqueue(new MockResponse.Builder().code(529).body(OVERLOADED).build());
        anthropicServer.enqueue(new MockResponse.Builder().code(529).body(OVERLOADED).build());

        ProviderException e = catchThrowableOfType(ProviderException.class, () -> drain(chain().chat(request())));

        assertThat(e.getMessage()).startsWith("every model in the fallback chain failed: openai/gpt-4.1: ")
                .contains("Rate limit reached for gpt-4.1").contains("anthropic/claude-sonnet-4-5-20250929: ")
                .contains("Overloaded");
        assertThat(e.kind()).isEqualTo(Kind.OVERLOADED);
        assertNoKeyIn(everything(e));
    }

    @Test
    void aRejectedKeyStopsTheChainAtOnceAndIsNotPrinted() {
        openaiServer.enqueue(new MockResponse.Builder().code(401).body("""
                {"error":{"message":"Incorrect API key provided: sk-test-***4242.","type":"invalid_request_error",\
                "param":null,"code":"invalid_api_key"}}""").build());

        ProviderException e = catchThrowableOfType(ProviderException.class, () -> chain().chat(request()));

        assertThat(e.kind()).isEqualTo(Kind.AUTH);
        assertThat(anthropicServer.getRequestCount()).isZero();
        assertNoKeyIn(everything(e));
    }
}
