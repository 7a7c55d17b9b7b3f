package dev.rosetta.llm.anthropic;

import static dev.rosetta.llm.anthropic.MessagesServer.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import mockwebserver3.MockResponse;
import okio.BufferedSink;
import okio.Okio;

/** Replies of the Messages API, streamed and whole, against a real HTTP server on loopback. */
class AnthropicStreamTest {

    private final MessagesServer server = new MessagesServer();
    private final ChatRequest hello = ChatRequest.of("claude-sonnet-4-20250514", List.of(Message.user("Hello")));

    @AfterEach
    void stop() {
        server.close();
    }

    private List<ChatEvent> chat(ChatRequest request) {
        try (ChatStream stream = server.provider().chat(request)) {
            return drain(stream);
        }
    }

    private static String text(List<ChatEvent> events) {
        StringBuilder out = new StringBuilder();
        for (ChatEvent e : events) {
            if (e instanceof TextDelta t) {
                out.append(t.text());
            }
        }
        return out.toString();
    }

    @Test
    void textStreamWithPingBecomesTextUsageAndEndTurn() {
        server.stream("text-with-ping.sse");
        assertThat(chat(hello)).containsExactly(new TextDelta("Hello"), new TextDelta(" there"), new TextDelta("!"),
                new Usage(11, 6, 0, 0), new Finished(StopReason.END_TURN, "end_turn", null));
    }

    @Test
    void thinkingKeepsItsSignatureAndTheCallCompletesWithItsWholeJson() {
        server.stream("thinking-then-tool.sse");
        assertThat(chat(hello)).containsExactly(
                new ThinkingDelta("Let me solve this step by step:\n\n1. First break down 27 * 453"),
                new ThinkingDelta("\n2. 453 = 400 + 50 + 3"),
                new ReasoningCompleted(Reasoning.of("anthropic", "Let me solve this step by step:\n\n1. First break down 27 * 453"
                        + "\n2. 453 = 400 + 50 + 3", "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds...")),
                new ToolCallStarted(0, "toolu_01NRLabsLyVHZPKxbKvkfSMn", "get_weather"),
                new ToolCallDelta(0, "toolu_01NRLabsLyVHZPKxbKvkfSMn", "{\"locati"),
                new ToolCallDelta(0, "toolu_01NRLabsLyVHZPKxbKvkfSMn", "on\": \"P"),
                new ToolCallDelta(0, "toolu_01NRLabsLyVHZPKxbKvkfSMn", "ar"),
                new ToolCallDelta(0, "toolu_01NRLabsLyVHZPKxbKvkfSMn", "is\"}"),
                new ToolCallCompleted(0, "toolu_01NRLabsLyVHZPKxbKvkfSMn", "get_weather", "{\"location\": \"Paris\"}"),
                new Usage(377, 65, 3072, 1204),
                new Finished(StopReason.TOOL_USE, "tool_use", null));
    }

    @Test
    void redactedThinkingIsKeptAsItsOpaqueData() {
        server.stream("redacted-thinking.sse");
        assertThat(chat(hello)).startsWith(new ReasoningCompleted(Reasoning.redacted("anthropic",
                "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB9URj2pLmN3kF8/dW5hR7xJ0aP3oLrLBq4=")),
                new TextDelta("Done."));
    }

    @Test
    void charactersSplitBetweenNetworkChunksArriveWhole() {
        server.stream("multibyte-text.sse", 1);
        List<ChatEvent> events = chat(hello);
        assertThat(events).startsWith(new TextDelta("Grüße aus Köln — "), new TextDelta("日本語も 👋🏽"));
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.END_TURN, "end_turn", null));
    }

    @Test
    void unknownEventsDeltasAndServerToolBlocksAreSkipped() {
        server.stream("unknown-events.sse");
        assertThat(chat(hello)).containsExactly(new TextDelta("Hello"), new Usage(11, 6, 0, 0),
                new Finished(StopReason.OTHER, "pause_turn", null));
    }

    @Test
    void overloadInTheStreamBeforeAnyOutputIsRetriedWithANotice() {
        server.stream("overloaded-before-output.sse");
        server.stream("text-with-ping.sse");
        List<ChatEvent> events = chat(hello);
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class, n -> assertThat(n.text())
                .contains("overloaded_error").contains("Overloaded").contains("retrying").contains("(2/3)"));
        assertThat(text(events)).isEqualTo("Hello there!");
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.END_TURN, "end_turn", null));
        assertThat(server.server.getRequestCount()).isEqualTo(2);
        assertThat(server.waits).hasSize(1);
    }

    @Test
    void overloadInEveryStreamBeforeOutputFailsOnceRetriesAreSpent() {
        for (int i = 0; i < 3; i++) {
            server.stream("overloaded-before-output.sse");
        }
        ChatStream stream = server.provider().chat(hello);
        assertThat(stream.next()).isInstanceOf(Notice.class);
        assertThat(stream.next()).isInstanceOf(Notice.class);
        assertThatThrownBy(stream::next).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.OVERLOADED);
            assertThat(e.providerMessage()).isEqualTo("Overloaded");
            assertThat(e.getMessage()).contains("gave up after 3 attempts").contains("(try again later)");
            assertThat(e.exhaustsModel()).isTrue();
        });
        assertThat(stream.next()).isNull();
        assertThat(server.server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void overloadInTheStreamAfterOutputKeepsTheTextAndEndsInterrupted() {
        server.stream("overloaded-after-output.sse");
        List<ChatEvent> events = chat(hello);
        assertThat(events).hasSize(3);
        assertThat(events.get(0)).isEqualTo(new TextDelta("Hello"));
        assertThat(events.get(1)).isEqualTo(new Usage(11, 1, 0, 0));
        assertThat(events.get(2)).isInstanceOfSatisfying(Finished.class, f -> {
            assertThat(f.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(f.raw()).isEqualTo("overloaded_error");
            assertThat(f.error().kind()).isEqualTo(Kind.OVERLOADED);
            assertThat(f.error().providerMessage()).isEqualTo("Overloaded");
        });
        assertThat(server.server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void status529IsRetriedBeforeTheReplyStarts() {
        server.error(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}");
        server.stream("text-with-ping.sse");
        List<ChatEvent> events = chat(hello);
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class,
                n -> assertThat(n.text()).contains("HTTP 529").contains("Overloaded").contains("retrying"));
        assertThat(text(events)).isEqualTo("Hello there!");
        assertThat(server.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void badRequestFailsAtOnceWithTheProvidersOwnMessage() {
        server.error(400, "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"max_tokens: "
                + "100000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-20250514\"},"
                + "\"request_id\":\"req_011CSHoEeqs5C35K2UUqR7Fy\"}");
        assertThatThrownBy(() -> server.provider().chat(hello)).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.providerMessage()).startsWith("max_tokens: 100000 > 64000");
            assertThat(e.getMessage()).contains("HTTP 400").contains("maximum allowed number of output tokens");
        });
        assertThat(server.server.getRequestCount()).isEqualTo(1);
        assertThat(server.waits).isEmpty();
    }

    /** A recorded stream up to and including {@code lastLine}, then the connection closes mid-body. */
    private void cutAfter(String fixture, String lastLine) {
        String stream = MessagesServer.fixture(fixture);
        String part = stream.substring(0, stream.indexOf(lastLine) + lastLine.length());
        server.server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .setHeader("content-length", "100000").socketHandler(socket -> {
                    try (BufferedSink sink = Okio.buffer(socket.getSink())) {
                        sink.writeUtf8(part);
                    } catch (IOException ignored) {
                        // the client may be gone already
                    }
                    socket.cancel();
                }).build());
    }

    @Test
    void streamCutAfterOutputKeepsWhatArrivedAndEndsInterrupted() {
        cutAfter("text-with-ping.sse", "\"text\":\" there\"}}\n\n");
        List<ChatEvent> events = chat(hello);
        assertThat(text(events)).isEqualTo("Hello there");
        assertThat(events.getLast()).isInstanceOfSatisfying(Finished.class, f -> {
            assertThat(f.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(f.error().kind()).isEqualTo(Kind.STREAM_CUT);
            assertThat(f.error().getMessage()).contains("anthropic").contains("the part of the reply that arrived is kept");
        });
        assertThat(server.server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void streamCutBeforeAnyOutputIsRetried() {
        cutAfter("text-with-ping.sse", "\"type\": \"ping\"}\n\n");
        server.stream("text-with-ping.sse");
        List<ChatEvent> events = chat(hello);
        assertThat(events.getFirst()).isInstanceOf(Notice.class);
        assertThat(text(events)).isEqualTo("Hello there!");
        assertThat(server.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void closingMidReplyCancelsAndTheServerSeesTheConnectionClose() throws Exception {
        String stream = MessagesServer.fixture("text-with-ping.sse");
        String part = stream.substring(0, stream.indexOf("event: content_block_delta", stream.indexOf("Hello")));
        CountDownLatch headSent = new CountDownLatch(1);
        CountDownLatch serverSawClose = new CountDownLatch(1);
        server.server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .setHeader("content-length", "100000").socketHandler(socket -> {
                    try {
                        BufferedSink sink = Okio.buffer(socket.getSink());
                        sink.writeUtf8(part).flush();
                        headSent.countDown();
                        Okio.buffer(socket.getSource()).exhausted(); // blocks until the client hangs up
                    } catch (IOException hungUp) {
                        // a reset says the same
                    }
                    serverSawClose.countDown();
                }).build());
        ChatStream reply = server.provider().chat(hello);
        assertThat(reply.next()).isEqualTo(new TextDelta("Hello"));
        Thread closer = Thread.ofVirtual().start(() -> {
            await(headSent);
            reply.close(); // while the next() below is blocked on the connection, or just before: both cancel
        });
        assertThat(reply.next()).isEqualTo(new Finished(StopReason.CANCELED, null, null));
        assertThat(reply.next()).isNull();
        assertThat(serverSawClose.await(5, TimeUnit.SECONDS)).isTrue();
        closer.join();
    }

    @Test
    void closingBeforeReadingEndsAtOnce() {
        server.stream("text-with-ping.sse");
        ChatStream reply = server.provider().chat(hello);
        reply.close();
        reply.close();
        assertThat(drain(reply)).containsExactly(new Finished(StopReason.CANCELED, null, null));
    }

    @Test
    void wholeReplyBecomesTheSameEventsAsAStream() {
        server.server.enqueue(new MockResponse.Builder().setHeader("content-type", "application/json")
                .body(MessagesServer.fixture("message-with-tool-use.json")).build());
        String input = "{\"location\":\"San Francisco, CA\",\"unit\":\"celsius\"}";
        assertThat(chat(hello.withStream(false))).containsExactly(
                new ThinkingDelta("Let me analyze this step by step..."),
                new ReasoningCompleted(Reasoning.of("anthropic", "Let me analyze this step by step...",
                        "WaUjzkypQ2mUEVM36O2TxuC06KN8xyfbJwyem2dw3URve/op91XWHOEBLLqIOMfFG/UvLEczmEsUjavL....")),
                new TextDelta("I'll check the current weather in San Francisco for you."),
                new ToolCallStarted(0, "toolu_01A09q90qw90lq917835lq9", "get_weather"),
                new ToolCallDelta(0, "toolu_01A09q90qw90lq917835lq9", input),
                new ToolCallCompleted(0, "toolu_01A09q90qw90lq917835lq9", "get_weather", input),
                new Usage(2095, 503, 1800, 0),
                new Finished(StopReason.TOOL_USE, "tool_use", null));
        assertThat(server.body(server.request()).path("stream").asBoolean(true)).isFalse();
    }

    @Test
    void theKeyTravelsOnlyInItsHeader() {
        StringBuilder seen = new StringBuilder();
        server.stream("overloaded-after-output.sse");
        chat(hello).forEach(e -> seen.append(e).append('\n'));
        server.error(401,
                "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}");
        try {
            server.provider().chat(hello);
        } catch (ProviderException e) {
            seen.append(e.getMessage()).append(e.providerMessage()).append(e);
        }
        cutAfter("text-with-ping.sse", "\"text\":\"Hello\"}}\n\n");
        chat(hello).forEach(e -> seen.append(e).append('\n'));
        seen.append(server.provider());

        assertThat(seen.toString()).contains("invalid x-api-key").contains("INTERRUPTED")
                .doesNotContain(MessagesServer.KEY).doesNotContain("SECRET");
        var request = server.request();
        assertThat(request.getHeaders().get("x-api-key")).isEqualTo(MessagesServer.KEY);
        assertThat(request.getHeaders().get("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(request.getHeaders().get("authorization")).isNull();
        assertThat(request.getBody().utf8()).doesNotContain(MessagesServer.KEY);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
