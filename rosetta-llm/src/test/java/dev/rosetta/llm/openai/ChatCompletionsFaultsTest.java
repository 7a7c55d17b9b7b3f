package dev.rosetta.llm.openai;

import static dev.rosetta.llm.openai.Harness.drain;
import static dev.rosetta.llm.openai.Harness.resource;
import static dev.rosetta.llm.openai.Harness.sse;
import static dev.rosetta.llm.openai.Harness.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import mockwebserver3.MockResponse;

/** Failures before the reply (retried or not) and the one secret that must never show. */
class ChatCompletionsFaultsTest {

    private static final ChatRequest HELLO = ChatRequest.of("gpt-4.1", List.of(Message.user("hello")));
    private static final String RATE_LIMITED = """
            {
                "error": {
                    "message": "Rate limit reached for gpt-4.1 in organization org-abc on tokens per min (TPM): Limit 30000, Used 29876, Requested 1024. Please try again in 1.8s.",
                    "type": "tokens",
                    "param": null,
                    "code": "rate_limit_exceeded"
                }
            }
            """;
    private static final String BAD_REQUEST = """
            {
              "error": {
                "message": "Unrecognized request argument supplied: tool_choise",
                "type": "invalid_request_error",
                "param": null,
                "code": null
              }
            }
            """;

    private Harness harness;

    @BeforeEach
    void start() throws Exception {
        harness = new Harness();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private static MockResponse status(int code, String body, String retryAfter) {
        var b = new MockResponse.Builder().code(code).setHeader("content-type", "application/json").body(body);
        return (retryAfter == null ? b : b.setHeader("retry-after", retryAfter)).build();
    }

    @Test
    void rateLimitIsRetriedAfterTheServersWaitAndTheRetryIsTheFirstEvent() throws Exception {
        harness.server.enqueue(status(429, RATE_LIMITED, "2"));
        harness.server.enqueue(sse(resource("openai-text.sse")));

        List<ChatEvent> events;
        try (ChatStream stream = harness.provider("openai").chat(HELLO)) {
            events = drain(stream);
        }

        assertThat(harness.waits).containsExactly(Duration.ofSeconds(2));
        assertThat(events.get(0)).isInstanceOfSatisfying(Notice.class, n -> assertThat(n.text())
                .contains("HTTP 429").contains("Rate limit reached for gpt-4.1").contains("retrying in 2 s"));
        assertThat(text(events)).isEqualTo("Hello! How can I help?");
        assertThat(harness.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void badRequestIsNotRetriedAndCarriesTheProvidersMessage() throws Exception {
        harness.server.enqueue(status(400, BAD_REQUEST, null));

        assertThatThrownBy(() -> harness.provider("openai").chat(HELLO))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.providerMessage()).isEqualTo("Unrecognized request argument supplied: tool_choise");
                });
        assertThat(harness.server.getRequestCount()).isEqualTo(1);
        assertThat(harness.waits).isEmpty();
    }

    @Test
    void theKeyIsSentOnlyInTheHeaderAndAppearsInNoEventNoticeOrError() throws Exception {
        List<String> seen = new ArrayList<>();
        harness.server.enqueue(status(429, RATE_LIMITED, "1"));
        harness.server.enqueue(sse(resource("openai-error-after-output.sse")));
        harness.server.enqueue(status(401, "{\"error\":{\"message\":\"Incorrect API key provided: sk-test-****4242.\"}}",
                null));
        for (int i = 0; i < 3; i++) { // the error before output is retried until the retries are spent
            harness.server.enqueue(sse(resource("openai-error-first.sse")));
        }
        ChatCompletionsProvider openai = harness.provider("openai");

        try (ChatStream stream = openai.chat(HELLO)) {
            List<ChatEvent> events = drain(stream);
            events.forEach(e -> seen.add(e.toString()));
            ChatEvent.Finished end = Harness.finished(events);
            assertThat(end.reason()).isEqualTo(StopReason.INTERRUPTED);
            collect(end.error(), seen);
        }
        for (int i = 0; i < 2; i++) {
            try {
                drain(openai.chat(HELLO));
            } catch (ProviderException e) {
                collect(e, seen);
            }
        }

        assertThat(seen).hasSizeGreaterThan(3).noneMatch(s -> s.contains(Harness.KEY));
        for (int i = 0; i < 6; i++) {
            assertThat(harness.take().getHeaders().get("authorization")).isEqualTo("Bearer " + Harness.KEY);
        }
    }

    /** The message, toString and causes of a failure: everything a log or --verbose could print. */
    private static void collect(Throwable t, List<String> into) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            into.add(String.valueOf(c.getMessage()));
            into.add(c.toString());
        }
        if (t instanceof ProviderException p) {
            into.add(String.valueOf(p.providerMessage()));
        }
    }
}
