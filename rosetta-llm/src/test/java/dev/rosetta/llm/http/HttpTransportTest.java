package dev.rosetta.llm.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.http.HttpTransport.Outcome;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import okio.BufferedSink;
import okio.Okio;

/** One try at a time against a real HTTP server on loopback: what came back, and whether to try again. */
class HttpTransportTest {

    private static final Duration LONG = Duration.ofMinutes(5);

    private final MockWebServer server = new MockWebServer();
    private HttpTransport transport;

    @BeforeEach
    void start() throws IOException {
        server.start();
        transport = transport(Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() {
        transport.close();
        server.close();
    }

    private HttpTransport transport(Duration idle) {
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(10), idle,
                new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(5)));
        return new HttpTransport("openai", settings, d -> { });
    }

    private HttpTransport.Request request() {
        return new HttpTransport.Request(URI.create(server.url("/v1/chat/completions").toString()),
                Map.of("authorization", "Bearer sk-secret-123"), "{\"model\":\"m\"}");
    }

    private Outcome send(Deadline deadline) {
        return transport.send(request(), deadline).await();
    }

    private Outcome send() {
        return send(Deadline.after(LONG));
    }

    private static OpenResponse opened(Outcome outcome) {
        assertThat(outcome).isInstanceOf(Outcome.Opened.class);
        return ((Outcome.Opened) outcome).response();
    }

    private static Outcome.Failed failed(Outcome outcome) {
        assertThat(outcome).isInstanceOf(Outcome.Failed.class);
        return (Outcome.Failed) outcome;
    }

    @Test
    void successReturnsTheOpenBody() throws Exception {
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/event-stream; charset=utf-8")
                .body("data: hi\n\n").build());
        try (OpenResponse r = opened(send())) {
            assertThat(new String(r.body().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("data: hi\n\n");
            assertThat(r.contentType()).isEqualTo("text/event-stream");
        }
        var request = server.takeRequest();
        assertThat(request.getHeaders().get("content-type")).isEqualTo("application/json");
        assertThat(request.getHeaders().get("authorization")).isEqualTo("Bearer sk-secret-123");
        assertThat(request.getBody().utf8()).isEqualTo("{\"model\":\"m\"}");
    }

    @Test
    void rateLimitMayBeRetriedAfterTheWaitTheServerAsks() {
        server.enqueue(new MockResponse.Builder().code(429).setHeader("retry-after", "3")
                .body("{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}").build());
        Outcome.Failed f = failed(send());
        assertThat(f.retryable()).isTrue();
        assertThat(f.retryAfter()).contains(Duration.ofSeconds(3));
        assertThat(f.error().kind()).isEqualTo(Kind.RATE_LIMITED);
        assertThat(f.error().getMessage()).isEqualTo("openai answered HTTP 429: Rate limit reached");
    }

    @Test
    void badRequestIsNotRetryableAndCarriesTheProvidersMessageAndAdvice() {
        server.enqueue(new MockResponse.Builder().code(400)
                .body("{\"error\":{\"message\":\"Unknown model 'gpt-9'\",\"type\":\"invalid_request_error\"}}").build());
        Outcome.Failed f = failed(send());
        assertThat(f.retryable()).isFalse();
        assertThat(f.error().kind()).isEqualTo(Kind.BAD_REQUEST);
        assertThat(f.error().status()).isEqualTo(400);
        assertThat(f.error().providerMessage()).isEqualTo("Unknown model 'gpt-9'");
        assertThat(f.error().getMessage()).contains("HTTP 400").contains("(check the model name and settings)");
    }

    @Test
    void exhaustedQuotaIsNotRetriedThoughItCameAs429() {
        server.enqueue(new MockResponse.Builder().code(429).body("{\"error\":{\"message\":\"You exceeded your current"
                + " quota\",\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}").build());
        Outcome.Failed f = failed(send());
        assertThat(f.error().kind()).isEqualTo(Kind.QUOTA);
        assertThat(f.retryable()).isFalse();
        assertThat(f.error().exhaustsModel()).as("a fallback model may still answer").isTrue();
    }

    @Test
    void serverThatSaysDoNotRetryIsNotRetryable() {
        server.enqueue(new MockResponse.Builder().code(500).setHeader("x-should-retry", "false").body("{}").build());
        assertThat(failed(send()).retryable()).isFalse();
    }

    @Test
    void refusedConnectionIsARetryableConnectionFailure() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        var dead = new HttpTransport.Request(URI.create("http://127.0.0.1:" + port + "/v1"), Map.of(), "{}");
        Outcome.Failed f = failed(transport.send(dead, Deadline.after(LONG)).await());
        assertThat(f.retryable()).isTrue();
        assertThat(f.error().kind()).isEqualTo(Kind.CONNECTION);
        assertThat(f.error().getMessage()).isEqualTo("openai refused the connection");
    }

    @Test
    void theRequestsToStringLeavesTheKeyOut() {
        assertThat(request().toString()).doesNotContain("sk-secret").contains("/v1/chat/completions");
    }

    @Test
    void aHeaderValueHttpRefusesIsReportedWithoutTheValue() {
        var bad = new HttpTransport.Request(URI.create(server.url("/v1").toString()),
                Map.of("authorization", "Bearer sk-secret-123\u0001"), "{}");
        Outcome.Failed f = failed(transport.send(bad, Deadline.after(LONG)).await());
        assertThat(f.error().kind()).isEqualTo(Kind.CONFIG);
        assertThat(f.error().getMessage()).doesNotContain("sk-secret").contains("API key variable");
    }

    @Test
    void closingTheResponseEndsABlockedReadAndTheServerSeesTheConnectionClose() throws Exception {
        CountDownLatch headSent = new CountDownLatch(1);
        CountDownLatch clientHungUp = new CountDownLatch(1);
        server.enqueue(new MockResponse.Builder().setHeader("content-length", "100000").socketHandler(socket -> {
            try {
                BufferedSink sink = Okio.buffer(socket.getSink());
                sink.writeUtf8("data: first\n\n").flush();
                headSent.countDown();
                Okio.buffer(socket.getSource()).exhausted(); // blocks until the client hangs up
            } catch (IOException hungUp) {
                // a reset says the same
            }
            clientHungUp.countDown();
        }).build());
        OpenResponse r = opened(send());
        assertThat(new String(r.body().readNBytes(13), StandardCharsets.UTF_8)).isEqualTo("data: first\n\n");
        Thread closer = Thread.ofVirtual().start(() -> {
            await(headSent);
            r.close(); // before or during the read below: either way the read ends
        });
        assertThatThrownBy(() -> r.body().read()).isInstanceOf(IOException.class);
        closer.join();
        assertThat(r.closedByUs()).isTrue();
        assertThat(clientHungUp.await(5, TimeUnit.SECONDS)).as("the server saw the connection close").isTrue();
    }

    @Test
    void cancelingEndsAWaitForHeadersThatNeverCome() throws Exception {
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        HttpTransport.Call call = transport.send(request(), Deadline.after(LONG));
        Thread canceler = Thread.ofVirtual().start(() -> {
            awaitRequest();
            call.cancel();
        });
        Outcome.Failed f = failed(call.await());
        canceler.join();
        assertThat(f.retryable()).isFalse();
        assertThat(f.error().getMessage()).contains("canceled");
    }

    @Test
    void quietStreamIsClosedByTheIdleTimeout() throws Exception {
        transport = transport(Duration.ofMillis(300));
        server.enqueue(new MockResponse.Builder().body("data: a\n\n" + "y".repeat(100))
                .throttleBody(9, 1, TimeUnit.SECONDS).build());
        OpenResponse r = opened(send());
        r.body().readNBytes(9);
        assertThatThrownBy(() -> r.body().read()).isInstanceOf(IOException.class);
        assertThat(r.idleTimedOut()).isTrue();
        assertThat(r.deadlinePassed()).isFalse();
    }

    @Test
    void aBodyThatTricklesPastTheDeadlineIsClosedThoughItNeverGoesQuiet() throws Exception {
        server.enqueue(new MockResponse.Builder().body("x".repeat(10_000))
                .throttleBody(1, 20, TimeUnit.MILLISECONDS).build());
        OpenResponse r = opened(send(Deadline.after(Duration.ofMillis(500))));
        assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(IOException.class);
        assertThat(r.deadlinePassed()).isTrue();
        assertThat(r.idleTimedOut()).isFalse();
    }

    @Test
    void headersThatNeverComeFailAtTheDeadlineSayingSo() {
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        Outcome.Failed f = failed(send(Deadline.after(Duration.ofMillis(300))));
        assertThat(f.retryable()).isFalse();
        assertThat(f.error().getMessage()).isEqualTo("openai did not reply within the reply time limit of 300 ms;"
                + " ROSETTA_REPLY_TIMEOUT (seconds) allows longer");
    }

    @Test
    void bytesThatArrivedBeforeAResetAreReadBeforeTheReset() throws Exception {
        ArrivedBody body = new ArrivedBody();
        body.onSubscribe(new NoSubscription());
        body.onNext(List.of(ByteBuffer.wrap("data: kept\n\n".getBytes(StandardCharsets.UTF_8))));
        body.onError(new IOException("connection reset"));
        assertThat(new String(body.readNBytes(12), StandardCharsets.UTF_8)).isEqualTo("data: kept\n\n");
        assertThatThrownBy(body::read).isInstanceOf(IOException.class).hasMessageContaining("connection reset");
    }

    private void awaitRequest() {
        try {
            server.takeRequest(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class NoSubscription implements Flow.Subscription {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    }
}
