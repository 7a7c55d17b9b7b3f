package dev.rosetta.llm.openai;

import static dev.rosetta.llm.openai.Harness.drain;
import static dev.rosetta.llm.openai.Harness.finished;
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
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
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
import okio.Buffer;

/** Streamed replies as the services send them, byte for byte, through a loopback server. */
class ChatCompletionsStreamTest {

    private static final ChatRequest HELLO = ChatRequest.of("gpt-4.1", List.of(Message.user("hello")));

    private Harness harness;

    @BeforeEach
    void start() throws Exception {
        harness = new Harness();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    /** The reply to HELLO, {@code response} (unless null) queued first. */
    private List<ChatEvent> reply(String provider, MockResponse response) throws Exception {
        if (response != null) {
            harness.server.enqueue(response);
        }
        try (ChatStream stream = harness.provider(provider).chat(HELLO)) {
            return drain(stream);
        }
    }

    @Test
    void plainTextStreamGivesDeltasThenUsageThenEndTurn() throws Exception {
        List<ChatEvent> events = reply("openai", sse(resource("openai-text.sse")));

        assertThat(events).containsExactly(new TextDelta("Hello"), new TextDelta("!"),
                new TextDelta(" How can I help?"), new Usage(86, 10, 1920, 0),
                new Finished(StopReason.END_TURN, "stop", null));
    }

    @Test
    void parallelCallsWithInterleavedFragmentsAreAssembledPerIndex() throws Exception {
        List<ChatEvent> events = reply("openai", sse(resource("openai-parallel-tools.sse")));

        String shell = "call_J3kq0zXhXwQ4bV5n8S1fYt2r";
        String read = "call_Zr8pLm2QxN5cVb7tYw3kHs9d";
        assertThat(events).containsExactly(
                new ToolCallStarted(0, shell, "shell"),
                new ToolCallDelta(0, shell, "{\"com"),
                new ToolCallStarted(1, read, "read"),
                new ToolCallDelta(1, read, "{\"path\":"),
                new ToolCallDelta(0, shell, "mand\":\"ls -la\"}"),
                new ToolCallDelta(1, read, "\"README.md\"}"),
                new ToolCallCompleted(0, shell, "shell", "{\"command\":\"ls -la\"}"),
                new ToolCallCompleted(1, read, "read", "{\"path\":\"README.md\"}"),
                new Usage(412, 48, 0, 0),
                new Finished(StopReason.TOOL_USE, "tool_calls", null));
    }

    @Test
    void multiByteCharactersSplitAcrossNetworkChunksArriveIntact() throws Exception {
        Buffer body = new Buffer().writeUtf8(resource("openai-utf8.sse"));
        MockResponse response = new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .chunkedBody(body, 3).build();

        List<ChatEvent> events = reply("openai", response);

        assertThat(text(events)).isEqualTo("Grüße — 你好 🌍");
        assertThat(finished(events).reason()).isEqualTo(StopReason.END_TURN);
    }

    @Test
    void keepAliveCommentsAreSkippedAndReasoningContentIsThinking() throws Exception {
        List<ChatEvent> events = reply("deepseek", sse(resource("deepseek-reasoning.sse")));

        assertThat(events).containsExactly(
                new ThinkingDelta("The user"), new ThinkingDelta(" greets me."),
                new ReasoningCompleted(Reasoning.of("openai-chat", "The user greets me.", null)),
                new TextDelta("Hello"), new TextDelta("!"),
                new Usage(13, 25, 0, 0),
                new Finished(StopReason.END_TURN, "stop", null));
    }

    @Test
    void eventTypesAndChunksTheClientDoesNotKnowAreSkipped() throws Exception {
        List<ChatEvent> events = reply("openrouter", sse(resource("openrouter-unknown-chunks.sse")));

        assertThat(events).containsExactly(new TextDelta("Hi"), new TextDelta(" there"), new Usage(9, 2, 0, 0),
                new Finished(StopReason.END_TURN, "stop", null));
    }

    @Test
    void aBatchOfCallsSharingIndexZeroIsTwoCalls() throws Exception {
        List<ChatEvent> events = reply("local", sse(resource("ollama-batch-tools.sse")));

        assertThat(events).containsExactly(
                new ThinkingDelta("Two calls."),
                new ReasoningCompleted(Reasoning.of("openai-chat", "Two calls.", null)),
                new ToolCallStarted(0, "call_a1b2c3d4", "shell"),
                new ToolCallDelta(0, "call_a1b2c3d4", "{\"command\":\"ls\"}"),
                new ToolCallStarted(1, "call_e5f6g7h8", "read"),
                new ToolCallDelta(1, "call_e5f6g7h8", "{\"path\":\"a.txt\"}"),
                new ToolCallCompleted(0, "call_a1b2c3d4", "shell", "{\"command\":\"ls\"}"),
                new ToolCallCompleted(1, "call_e5f6g7h8", "read", "{\"path\":\"a.txt\"}"),
                new Usage(120, 40, 0, 0),
                new Finished(StopReason.TOOL_USE, "tool_calls", null));
    }

    @Test
    void errorChunkAfterOutputEndsTheReplyInterruptedWithTheProvidersMessage() throws Exception {
        List<ChatEvent> events = reply("openai", sse(resource("openai-error-after-output.sse")));

        assertThat(text(events)).isEqualTo("The question");
        Finished end = finished(events);
        assertThat(end.reason()).isEqualTo(StopReason.INTERRUPTED);
        assertThat(end.error().kind()).isEqualTo(Kind.SERVER);
        assertThat(end.error().providerMessage())
                .isEqualTo("The server had an error while processing your request. Sorry about that!");
    }

    @Test
    void errorChunkBeforeAnyOutputIsRetriedAsAnErrorStatusWouldBe() throws Exception {
        harness.server.enqueue(sse(resource("openai-error-first.sse")));
        harness.server.enqueue(sse(resource("openai-text.sse")));

        List<ChatEvent> events = reply("openai", null);

        assertThat(events.getFirst()).isInstanceOfSatisfying(ChatEvent.Notice.class, n -> assertThat(n.text())
                .startsWith("openai reported server_error: The server had an error").contains("(2/3)"));
        assertThat(text(events)).isEqualTo("Hello! How can I help?");
        assertThat(harness.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void errorChunkBeforeAnyOutputIsThrownOnceRetriesAreSpent() throws Exception {
        for (int i = 0; i < 3; i++) {
            harness.server.enqueue(sse(resource("openai-error-first.sse")));
        }
        ChatStream stream = harness.provider("openai").chat(HELLO);

        assertThat(stream.next()).isInstanceOf(ChatEvent.Notice.class);
        assertThat(stream.next()).isInstanceOf(ChatEvent.Notice.class);
        assertThatThrownBy(stream::next).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.SERVER);
            assertThat(e.getMessage()).isEqualTo("openai reported server_error: The server had an error while"
                    + " processing your request. Sorry about that!; gave up after 3 attempts (try again later)");
        });
        assertThat(stream.next()).isNull();
    }

    @Test
    void streamCutMidReplyKeepsWhatArrivedAndEndsInterruptedWithoutRetrying() throws Exception {
        String text = resource("openai-text.sse");
        String head = text.substring(0, text.indexOf("data:", text.indexOf("\"!\"")));
        harness.server.enqueue(SlowStream.cutAfter(head));

        List<ChatEvent> events;
        try (ChatStream stream = harness.provider("openai").chat(HELLO)) {
            events = drain(stream);
        }

        assertThat(events).hasSize(3).startsWith(new TextDelta("Hello"), new TextDelta("!"));
        Finished end = finished(events);
        assertThat(end.reason()).isEqualTo(StopReason.INTERRUPTED);
        assertThat(end.error().kind()).isEqualTo(Kind.STREAM_CUT);
        assertThat(end.error().getMessage()).contains("the part of the reply that arrived is kept");
        assertThat(harness.server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void bodyEndingWithoutAFinishReasonIsACut() throws Exception {
        String text = resource("openai-text.sse");
        List<ChatEvent> events = reply("openai", sse(text.substring(0, text.indexOf("data:", text.indexOf("\"!\"")))));

        assertThat(finished(events).reason()).isEqualTo(StopReason.INTERRUPTED);
        assertThat(finished(events).error().kind()).isEqualTo(Kind.STREAM_CUT);
    }

    @Test
    void quietStreamAfterOutputEndsInterruptedByTheIdleTimeout() throws Exception {
        harness.idleTimeout = Duration.ofMillis(300);
        String text = resource("openai-text.sse");
        String head = text.substring(0, text.indexOf("data:", text.indexOf("\"Hello\"")));
        harness.server.enqueue(new MockResponse.Builder().body(new SlowStream(head, SlowStream.Then.GO_QUIET)).build());

        List<ChatEvent> events;
        try (ChatStream stream = harness.provider("openai").chat(HELLO)) {
            events = drain(stream);
        }

        assertThat(events.get(0)).isEqualTo(new TextDelta("Hello"));
        assertThat(finished(events).reason()).isEqualTo(StopReason.INTERRUPTED);
        assertThat(finished(events).error().getMessage()).contains("idle timeout");
    }

    @Test
    void closeMidStreamHangsUpOnTheServerAndEndsCanceled() throws Exception {
        String text = resource("openai-text.sse");
        String head = text.substring(0, text.indexOf("data:", text.indexOf("\"Hello\"")));
        SlowStream body = new SlowStream(head, SlowStream.Then.KEEP_ALIVE);
        harness.server.enqueue(new MockResponse.Builder().body(body).build());

        ChatStream stream = harness.provider("openai").chat(HELLO);
        assertThat(stream.next()).isEqualTo(new TextDelta("Hello"));
        List<ChatEvent> rest = new ArrayList<>();
        Thread reader = Thread.ofVirtual().start(() -> rest.addAll(drain(stream)));
        assertThat(body.awaitHeadSent()).isTrue();
        stream.close(); // the reader is blocked on the connection, or about to read: both end canceled
        reader.join();

        assertThat(rest).containsExactly(new Finished(StopReason.CANCELED, null, null));
        assertThat(body.awaitHangUp()).as("the server saw the connection close").isTrue();
    }

    @Test
    void closeBeforeReadingEndsCanceledAtOnce() throws Exception {
        harness.server.enqueue(sse(resource("openai-text.sse")));
        ChatStream stream = harness.provider("openai").chat(HELLO);

        stream.close();

        assertThat(stream.next()).isEqualTo(new Finished(StopReason.CANCELED, null, null));
        assertThat(stream.next()).isNull();
    }
}
