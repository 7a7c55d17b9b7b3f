package dev.rosetta.llm.responses;

import dev.rosetta.llm.ModelTraits;
import static dev.rosetta.llm.responses.LoopbackOpenAi.KEY;
import static dev.rosetta.llm.responses.LoopbackOpenAi.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import mockwebserver3.SocketHandler;
import okio.Buffer;
import okio.BufferedSink;
import okio.Okio;
import okio.Source;

/** What goes wrong on the way: statuses, cuts, cancels, and where the key may appear. */
class ResponsesFaultsTest {

    private static final String CREATED = "event: response.created\n"
            + "data: {\"type\":\"response.created\",\"sequence_number\":0,\"response\":{\"id\":\"resp_1\",\"object\":\"response\","
            + "\"status\":\"in_progress\",\"model\":\"gpt-4.1\",\"output\":[]}}\n\n";
    private static final String HELLO = "event: response.output_text.delta\n"
            + "data: {\"type\":\"response.output_text.delta\",\"sequence_number\":1,\"item_id\":\"msg_1\",\"output_index\":0,"
            + "\"content_index\":0,\"delta\":\"Hello\",\"logprobs\":[]}\n\n";

    private final LoopbackOpenAi openai = new LoopbackOpenAi();
    private final ChatRequest hello = ChatRequest.of("gpt-4.1", List.of(Message.user("hello")));
    /** Everything a user or a log could see, searched for the key at the end. */
    private final List<String> seen = new ArrayList<>();

    @AfterEach
    void stop() {
        openai.close();
        assertThat(seen).noneMatch(s -> s.contains(KEY) || s.contains("SECRET"));
    }

    private List<ChatEvent> record(List<ChatEvent> events) {
        events.forEach(e -> seen.add(e.toString()));
        events.stream().filter(e -> e instanceof Finished f && f.error() != null)
                .forEach(e -> seen.add(((Finished) e).error().getMessage()));
        return events;
    }

    private ProviderException record(ProviderException e) {
        seen.add(e.getMessage());
        seen.add(String.valueOf(e.providerMessage()));
        seen.add(e.toString());
        return e;
    }

    @Test
    void rateLimitIsRetriedAfterTheWaitTheServerAsksAndSaidAsANotice() throws Exception {
        openai.status(429, "{\"error\":{\"message\":\"Rate limit reached for gpt-4.1 on requests per min (RPM): Limit 500.\","
                + "\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}", "retry-after", "1");
        openai.stream("text.sse");
        List<ChatEvent> events = record(drain(openai.provider(ModelTraits.UNKNOWN).chat(hello)));
        assertThat(openai.waits).containsExactly(Duration.ofSeconds(1));
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class, n -> assertThat(n.text())
                .contains("HTTP 429").contains("Rate limit reached").contains("retrying in 1 s"));
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.END_TURN, "completed", null));
        assertThat(openai.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void badRequestIsNotRetriedAndCarriesTheProvidersOwnMessage() {
        String said = "Invalid value: 'input_text'. Supported values are: 'output_text' and 'refusal'.";
        openai.status(400, "{\"error\":{\"message\":\"" + said + "\",\"type\":\"invalid_request_error\","
                + "\"param\":\"input[1].content[0]\",\"code\":\"invalid_value\"}}");
        assertThatThrownBy(() -> openai.provider(ModelTraits.UNKNOWN).chat(hello))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    record(e);
                    assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.providerMessage()).isEqualTo(said);
                    assertThat(e.getMessage()).contains("HTTP 400").contains(said);
                });
        assertThat(openai.server.getRequestCount()).isEqualTo(1);
        assertThat(openai.waits).isEmpty();
    }

    @Test
    void unverifiedOrganisationIsAskedAgainWithoutReasoningSummaries() throws Exception {
        openai.status(400, "{\"error\":{\"message\":\"Your organization must be verified to generate reasoning summaries. "
                + "Please go to: https://platform.openai.com/settings/organization/general and click on Verify Organization.\","
                + "\"type\":\"invalid_request_error\",\"param\":\"reasoning.summary\",\"code\":\"unsupported_value\"}}");
        openai.stream("text.sse");
        openai.stream("text.sse");
        var provider = openai.provider(new ModelTraits(true, true, true));
        ChatRequest thinking = ChatRequest.of("o3", List.of(Message.user("hi"))).withThinkingBudget(4000);
        List<ChatEvent> events = record(drain(provider.chat(thinking)));
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class,
                n -> assertThat(n.text()).contains("verified"));
        assertThat(openai.takeBody().path("reasoning").path("summary").stringValue()).isEqualTo("auto");
        assertThat(openai.takeBody().path("reasoning").has("summary")).isFalse();
        record(drain(provider.chat(thinking)));
        assertThat(openai.takeBody().path("reasoning").has("summary")).isFalse();
        assertThat(openai.server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void streamCutAfterOutputBeganKeepsTheTextAndEndsInterrupted() throws Exception {
        openai.streamByHand(socket -> {
            write(socket.getSink(), CREATED + HELLO);
            socket.cancel();
        });
        List<ChatEvent> events = record(drain(openai.provider(ModelTraits.UNKNOWN).chat(hello)));
        assertThat(events.getFirst()).isEqualTo(new TextDelta("Hello"));
        assertThat(events.getLast()).isInstanceOfSatisfying(Finished.class, f -> {
            assertThat(f.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(f.error().kind()).isEqualTo(Kind.STREAM_CUT);
            assertThat(f.error().getMessage()).contains("openai").contains("kept");
        });
    }

    @Test
    void streamCutBeforeAnyOutputIsRetried() throws Exception {
        openai.streamByHand(socket -> {
            write(socket.getSink(), CREATED);
            socket.cancel();
        });
        openai.stream("text.sse");
        List<ChatEvent> events = record(drain(openai.provider(ModelTraits.UNKNOWN).chat(hello)));
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class, n -> assertThat(n.text())
                .contains("before the reply began").contains("retrying"));
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.END_TURN, "completed", null));
        assertThat(openai.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void streamCutBeforeAnyOutputIsThrownOnceRetriesAreSpent() throws Exception {
        for (int i = 0; i < 3; i++) {
            openai.streamByHand(socket -> {
                write(socket.getSink(), CREATED);
                socket.cancel();
            });
        }
        assertThatThrownBy(() -> drain(openai.provider(ModelTraits.UNKNOWN).chat(hello)))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    record(e);
                    assertThat(e.kind()).isEqualTo(Kind.CONNECTION);
                    assertThat(e.getMessage()).contains("before the reply began").contains("gave up after 3 attempts");
                });
    }

    @Test
    void streamThatGoesQuietPastTheIdleTimeoutEndsInterrupted() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        openai.streamByHand(socket -> {
            write(socket.getSink(), CREATED + HELLO);
            drainUntilClosed(socket.getSource()); // says nothing more until the client gives up
            done.countDown();
        });
        var provider = openai.provider("openai", ModelTraits.UNKNOWN, Duration.ofMillis(300));
        List<ChatEvent> events = record(drain(provider.chat(hello)));
        assertThat(events.getFirst()).isEqualTo(new TextDelta("Hello"));
        assertThat(events.getLast()).isInstanceOfSatisfying(Finished.class, f -> {
            assertThat(f.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(f.error().kind()).isEqualTo(Kind.STREAM_CUT);
            assertThat(f.error().getMessage()).contains("idle timeout");
        });
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void closingMidStreamEndsCanceledAndTheServerSeesTheConnectionClose() throws Exception {
        CountDownLatch headSent = new CountDownLatch(1);
        CountDownLatch serverSawClose = new CountDownLatch(1);
        openai.streamByHand(socket -> {
            write(socket.getSink(), CREATED + HELLO);
            headSent.countDown();
            drainUntilClosed(socket.getSource());
            serverSawClose.countDown();
        });
        ChatStream stream = openai.provider(ModelTraits.UNKNOWN).chat(hello);
        assertThat(stream.next()).isEqualTo(new TextDelta("Hello"));
        Thread closer = Thread.ofVirtual().start(() -> {
            await(headSent);
            stream.close(); // while the next() below is blocked reading, or just before: both cancel
        });
        assertThat(stream.next()).isEqualTo(new Finished(StopReason.CANCELED, null, null));
        assertThat(stream.next()).isNull();
        stream.close();
        closer.join();
        assertThat(serverSawClose.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void theKeyTravelsOnlyInTheAuthorizationHeader() throws Exception {
        openai.stream("text.sse");
        record(drain(openai.provider(ModelTraits.UNKNOWN).chat(hello)));
        var request = openai.take();
        assertThat(request.getHeaders().get("authorization")).isEqualTo("Bearer " + KEY);
        assertThat(request.getBody().utf8()).doesNotContain(KEY);
        assertThat(request.getUrl().toString()).doesNotContain(KEY).endsWith("/v1/responses");
        assertThat(openai.provider(ModelTraits.UNKNOWN).toString()).doesNotContain(KEY);
    }

    /** Writes and flushes without closing: closing the sink would half-close the socket. */
    private static void write(okio.Sink sink, String text) {
        try {
            BufferedSink out = Okio.buffer(sink);
            out.writeUtf8(text);
            out.flush();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void drainUntilClosed(Source source) {
        try (Buffer sink = new Buffer()) {
            while (source.read(sink, 8192) != -1) {
                sink.clear();
            }
        } catch (IOException closed) {
            // the peer went away: that is what we wait for
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
